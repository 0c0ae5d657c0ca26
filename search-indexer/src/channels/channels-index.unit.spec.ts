import { randomUUID } from 'node:crypto';
import { channelStream, eventRegistry } from '@cn/contracts';
import type { RecordedEvent } from '@cn/domain';
import type { SearchCollection } from '@cn/platform';
import { channelsIndexing, visibilityFilterOf, type ChannelSearchDocument } from './channels-index';

let position = 0;
const recorded = (type: string, data: Record<string, unknown>): RecordedEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: { memberId: 'admin', occurredAt: new Date(0).toISOString(), correlationId: 'c', causationId: 'r', schemaVersion: eventRegistry.get(type)?.version ?? 1 },
  streamId: channelStream(String(data.channel_id)),
  revision: 0,
  position: ++position,
  recordedAt: new Date(0).toISOString(),
});

const memory = () => {
  const docs = new Map<string, ChannelSearchDocument>();
  const collection = {
    get: (id: string) => Promise.resolve(docs.get(id) ?? null),
    upsert: (items: ChannelSearchDocument[]) => Promise.resolve(items.forEach((doc) => docs.set(doc.id, doc))),
  } as unknown as SearchCollection<ChannelSearchDocument>;
  return { docs, collection };
};

/** any of the viewer's values in the document's visible_to, as the search adapters filter */
const sees = (doc: ChannelSearchDocument | undefined, viewer: { member_id: string; network_admin: boolean; external: boolean }) =>
  doc !== undefined && visibilityFilterOf(viewer).some((value) => doc.visible_to.includes(value));

describe('channels search indexing', () => {
  it('files a channel under its letter, counts its subscribers, and shows drafts only to who may update them', async () => {
    const { docs, collection } = memory();
    const indexing = channelsIndexing(collection);
    for (const event of [
      recorded('ChannelCreated', { channel_id: 'oeko', slug: 'oeko', title: 'Ökologie', description: 'Grün', status: 'draft', author_id: 'ada', blog_id: 'oeko' }),
      recorded('ChannelSubscribed', { channel_id: 'oeko', member_id: 'ada' }),
      recorded('ChannelSubscribed', { channel_id: 'oeko', member_id: 'max' }),
      recorded('ChannelSubscribed', { channel_id: 'oeko', member_id: 'max' }),
      recorded('ChannelUnsubscribed', { channel_id: 'oeko', member_id: 'ada' }),
    ]) {
      await indexing.handle(event);
    }
    expect(docs.get('oeko')).toMatchObject({ letter: 'O', sort_title: 'ökologie', subscriber_ids: ['max'], subscribers_count: 1, visible_to: ['admins', 'member:ada'] });
    const member = { member_id: 'max', network_admin: false, external: false };
    expect(sees(docs.get('oeko'), member)).toBe(false);
    expect(sees(docs.get('oeko'), { ...member, member_id: 'ada' })).toBe(true);
    expect(sees(docs.get('oeko'), { ...member, member_id: 'ada', external: true })).toBe(false);
    expect(sees(docs.get('oeko'), { ...member, network_admin: true })).toBe(true);

    await indexing.handle(recorded('ChannelUpdated', { channel_id: 'oeko', title: '1. Garten', description: '', status: 'active', changed_fields: ['title', 'status'] }));
    expect(docs.get('oeko')).toMatchObject({ letter: '#', visible_to: ['all'] });
    expect(sees(docs.get('oeko'), member)).toBe(true);
  });
});
