import { networkPatchOf, parseChangedMessage, parseChangedMessages, presenceChangeOf } from './changes';
import { reconnectDelay } from './realtime-connection';

const message = (collection: string, doc: unknown) => ({ type: 'changed' as const, collection, id: 'x', doc });

describe('realtime changes', () => {
  it('ignores what is not a change message', () => {
    expect(parseChangedMessage('not json')).toBeNull();
    expect(parseChangedMessage(JSON.stringify({ type: 'hello' }))).toBeNull();
    expect(parseChangedMessage(JSON.stringify({ type: 'changed', collection: 'members', id: 'm1', doc: {} }))).toEqual({
      type: 'changed',
      collection: 'members',
      id: 'm1',
      doc: {},
    });
  });

  it('reads the changes of a frame: one change, a batch of them in order, none from anything else', () => {
    const change = (id: string) => ({ type: 'changed', collection: 'members', id, doc: null });
    expect(parseChangedMessages(JSON.stringify(change('m1')))).toEqual([change('m1')]);
    expect(parseChangedMessages(JSON.stringify({ type: 'batch', messages: [change('m2'), { type: 'watching' }, change('m1')] }))).toEqual([change('m2'), change('m1')]);
    expect(parseChangedMessages(JSON.stringify({ type: 'batch', messages: 'm1' }))).toEqual([]);
    expect(parseChangedMessages('not json')).toEqual([]);
  });

  it('reads presence from a member DTO, from a member document, and offline when absent', () => {
    expect(presenceChangeOf(message('members', { status: { type: 'busy', text: 'Call' } }))).toEqual({
      memberId: 'x',
      status: { type: 'busy', text: 'Call' },
    });
    expect(presenceChangeOf(message('members_v1', { presence: { type: 'online', text: '' } }))?.status?.type).toBe('online');
    expect(presenceChangeOf(message('members', { displayName: 'A' }))).toEqual({ memberId: 'x', status: undefined });
    expect(presenceChangeOf(message('network', { name: 'N' }))).toBeNull();
  });

  it('reads the network configuration and the settings document', () => {
    expect(networkPatchOf(message('network', { name: 'New', show_online_status: 'disabled', show_map: true }))).toEqual({
      name: 'New',
      show_online_status: 'disabled',
      show_map: true,
    });
    expect(networkPatchOf(message('settings', { basic: { name: 'From tab' }, member: { show_online_status: 'optional' } }))).toEqual({
      name: 'From tab',
      show_online_status: 'optional',
    });
    const maps = { enabled: true, tile_url: 'https://tiles.example/outdoors/{z}/{x}/{y}.png', zoom_level: 10, center: { lat: 52.5, lng: 13.4 }, scope: 'all' as const };
    expect(networkPatchOf(message('network', { show_map: true, maps }))).toEqual({ show_map: true, maps });
    // a map configuration that is not one is left out, not half taken
    expect(networkPatchOf(message('network', { show_map: false, maps: { enabled: 'yes' } }))).toEqual({ show_map: false });
    expect(networkPatchOf(message('network', { show_online_status: 'sometimes' }))).toBeNull();
    expect(networkPatchOf(message('members', { name: 'Not a network' }))).toBeNull();
  });

  it('reconnects after 5 s plus up to 5 s', () => {
    expect(reconnectDelay(() => 0)).toBe(5000);
    expect(reconnectDelay(() => 0.999)).toBeLessThan(10000);
    expect(reconnectDelay(() => 0.5)).toBe(7500);
  });
});
