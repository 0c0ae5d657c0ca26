import { NETWORK_STATISTICS_ID, NETWORK_STATISTICS_TOPIC, STATISTICS_COLLECTION, STATISTICS_TOPIC } from '@cn/contracts';
import { collectionName, type RecordedEvent } from '@cn/domain';
import type { DocumentStore } from '@cn/platform';
import { RealtimeHub, type RealtimeMessage } from '../realtime/realtime-hub';
import { statisticsProjection } from './statistics.projection';
import { statisticsChangePublisher } from './statistics.realtime';

/** members by id (the network read model is empty: the default settings) */
const storeOf = (members: Array<{ _id: string; roles: { network_admin: boolean; auditor: boolean; external: boolean } }>): DocumentStore =>
  ({
    collection: () => ({
      get: () => Promise.resolve(null),
      getMany: (ids: string[]) => Promise.resolve(members.filter((member) => ids.includes(member._id)).map((member) => ({ ...member, _position: 1, deleted: false }))),
    }),
  }) as unknown as DocumentStore;

const networkDay = (position: number) => ({
  collection: collectionName(statisticsProjection),
  id: 'network:2026-12-07:p0',
  doc: { _id: 'network:2026-12-07:p0', _position: position },
  event: { type: 'PostCreated', position } as RecordedEvent,
});

describe("the network statistics' pushes", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('go to the open network statistics of auditors and administrators only: a burst at once, then its latest position', async () => {
    const hub = new RealtimeHub();
    const heard: Array<[string, RealtimeMessage]> = [];
    const watching = (memberId: string, topic: string) => hub.add({ memberId, topics: new Set([topic]), send: (message) => heard.push([memberId, message]) });
    watching('admin', NETWORK_STATISTICS_TOPIC);
    watching('auditor', NETWORK_STATISTICS_TOPIC);
    watching('member', NETWORK_STATISTICS_TOPIC);
    // an administrator whose open page is a group's statistics: the network's days are not its page
    watching('admin-on-a-group', STATISTICS_TOPIC);
    const roles = (network_admin: boolean, auditor: boolean) => ({ network_admin, auditor, external: false });
    const publisher = statisticsChangePublisher(
      storeOf([
        { _id: 'admin', roles: roles(true, false) },
        { _id: 'auditor', roles: roles(false, true) },
        { _id: 'member', roles: roles(false, false) },
        { _id: 'admin-on-a-group', roles: roles(true, false) },
      ]),
      250,
    );
    const pushed = (position: number) => ({ type: 'changed', collection: STATISTICS_COLLECTION, id: NETWORK_STATISTICS_ID, doc: { position } });

    await publisher.publish(networkDay(10), hub);
    expect(heard).toEqual([
      ['admin', pushed(10)],
      ['auditor', pushed(10)],
    ]);
    // the rest of the burst waits for the interval, then goes once with the latest position
    await publisher.publish(networkDay(11), hub);
    await publisher.publish(networkDay(12), hub);
    expect(heard).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(250);
    expect(heard.slice(2)).toEqual([
      ['admin', pushed(12)],
      ['auditor', pushed(12)],
    ]);
    // after a quiet interval the next change goes at once again
    await jest.advanceTimersByTimeAsync(250);
    await publisher.publish(networkDay(13), hub);
    expect(heard.slice(4)).toEqual([
      ['admin', pushed(13)],
      ['auditor', pushed(13)],
    ]);
  });

  it('are not read for when no page watches them', async () => {
    const hub = new RealtimeHub();
    hub.add({ memberId: 'admin', send: () => undefined });
    const store = { collection: () => ({ get: () => Promise.reject(new Error('read')), getMany: () => Promise.reject(new Error('read')) }) } as unknown as DocumentStore;
    await expect(statisticsChangePublisher(store).publish(networkDay(10), hub)).resolves.toBeUndefined();
  });
});
