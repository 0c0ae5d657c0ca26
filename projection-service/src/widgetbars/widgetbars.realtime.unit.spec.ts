import type { DocumentChange } from '@cn/platform';
import { collectionName } from '@cn/domain';
import { membersProjection, type MemberDocument } from '../members/members.projection';
import { RealtimeHub, type RealtimeMessage } from '../realtime/realtime-hub';
import { WIDGETBAR_PUSH_COALESCE_MS, widgetBarPublishers } from './widgetbars.read-side';

const roles = { network_admin: false, auditor: false, external: false };
const bea: MemberDocument = { _id: 'bea', _position: 1, first_name: 'Bea', last_name: 'Baker', email: 'bea@example.org', roles, presence: null, deleted: false, administered_category_ids: [], birthday: null, show_age: false };

describe('widget bar pushes of member changes', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('reach the consoles showing a bar when a member changes what a widget shows, not for a status text or online against busy', async () => {
    const hub = new RealtimeHub();
    const heard: Array<[string, RealtimeMessage]> = [];
    hub.add({ memberId: 'viewer', topics: new Set(['widgetbars']), send: (message) => heard.push(['viewer', message]) });
    hub.add({ memberId: 'elsewhere', topics: new Set(['activities']), send: (message) => heard.push(['elsewhere', message]) });
    const members = widgetBarPublishers().find((publisher) => publisher.collection === collectionName(membersProjection));
    let position = 0;
    /** the member's document changed to `doc`: whether the open bars were told */
    const told = async (doc: MemberDocument | null): Promise<boolean> => {
      position += 1;
      heard.length = 0;
      await members?.publish({ collection: collectionName(membersProjection), id: 'bea', doc, event: { position } } as unknown as DocumentChange, hub);
      jest.advanceTimersByTime(WIDGETBAR_PUSH_COALESCE_MS + 1);
      expect(heard.every(([to]) => to === 'viewer')).toBe(true);
      return heard.length > 0;
    };
    expect(await told(bea)).toBe(true);
    expect(heard[0]?.[1]).toMatchObject({ collection: 'widgetbars', id: 'members', doc: { position } });
    expect(await told({ ...bea, presence: { type: 'online', text: 'here' } })).toBe(false);
    expect(await told({ ...bea, presence: { type: 'busy', text: 'focus' } })).toBe(false);
    // the online widget hides an invisible member
    expect(await told({ ...bea, presence: { type: 'invisible', text: 'focus' } })).toBe(true);
    expect(await told({ ...bea, presence: { type: 'invisible', text: 'away' } })).toBe(false);
    expect(await told({ ...bea, presence: { type: 'busy', text: 'away' } })).toBe(true);
    for (const changed of [{ first_name: 'Beatrix' }, { email: 'bea@example.net' }, { birthday: '1990-12-24' }, { show_age: true }, { image: { version: 2 } }, { roles: { ...roles, network_admin: true } }, { deleted: true }]) {
      expect(await told({ ...bea, presence: { type: 'busy', text: 'away' }, ...changed } as MemberDocument)).toBe(true);
    }
    expect(await told(null)).toBe(true);
  });

  it('tell a member coming online or going offline only to the consoles showing an online-members widget', () => {
    const hub = new RealtimeHub();
    const heard: string[] = [];
    hub.add({ memberId: 'online', topics: new Set(['widgetbars', 'widgetbars_online']), send: () => heard.push('online') });
    hub.add({ memberId: 'plain', topics: new Set(['widgetbars']), send: () => heard.push('plain') });
    hub.add({ memberId: 'elsewhere', topics: new Set(['activities']), send: () => heard.push('elsewhere') });
    const members = widgetBarPublishers().find((publisher) => publisher.collection === collectionName(membersProjection));
    // a storm of consoles connecting within one window: one announcement
    for (const memberId of ['a', 'b', 'c']) void members?.presenceChanged?.(memberId, hub);
    jest.advanceTimersByTime(WIDGETBAR_PUSH_COALESCE_MS + 1);
    expect(heard).toEqual(['online']);
  });
});
