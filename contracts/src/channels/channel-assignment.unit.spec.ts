import { assignChannelSubscriptionsRequestSchema } from '../index';

const errorsOf = (input: unknown): Array<{ path: string; message: string }> => {
  const result = assignChannelSubscriptionsRequestSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
};

describe('channel subscription assignment request', () => {
  it('takes members and groups, lowercases and dedupes channel slugs, a null type meaning a member', () => {
    expect(
      assignChannelSubscriptionsRequestSchema.parse({
        members: [{ id: 'm1', type: 'member' }, { id: 'g1', type: 'group' }, { id: 'm2', type: null }, { id: 'm1', type: 'member' }],
        channels: ['News', 'news', 'events'],
      }),
    ).toEqual({
      members: [{ id: 'm1', type: 'member' }, { id: 'g1', type: 'group' }, { id: 'm2', type: 'member' }],
      channels: ['news', 'events'],
      subscribe_all_network_members: false,
    });
  });

  it('requires channels', () => {
    expect(errorsOf({ members: [{ id: 'm1', type: 'member' }], channels: [] })).toEqual([{ path: 'channels', message: 'required' }]);
    expect(errorsOf({ members: [{ id: 'm1', type: 'member' }] })).toEqual([{ path: 'channels', message: 'invalid_type' }]);
    expect(errorsOf({ members: [{ id: 'm1', type: 'member' }], channels: [''] })).toEqual([{ path: 'channels.0', message: 'required' }]);
  });

  it('requires members unless every network member is meant, and then ignores them', () => {
    expect(errorsOf({ channels: ['news'] })).toEqual([{ path: 'members', message: 'required' }]);
    expect(errorsOf({ channels: ['news'], members: null })).toEqual([{ path: 'members', message: 'required' }]);
    expect(errorsOf({ channels: ['news'], members: [{ id: 'x', type: 'role' }] })).toEqual([{ path: 'members.0.type', message: 'invalid_value' }]);
    expect(errorsOf({ channels: ['news'], members: [{ id: '' }] })).toEqual([{ path: 'members.0.id', message: 'required' }]);
    expect(assignChannelSubscriptionsRequestSchema.parse({ channels: ['news'], members: 'garbage', subscribe_all_network_members: true })).toEqual({
      channels: ['news'],
      members: [],
      subscribe_all_network_members: true,
    });
  });

  it('refuses a non-boolean switch and unknown fields', () => {
    expect(errorsOf({ channels: ['news'], subscribe_all_network_members: 'yes' })).toEqual([{ path: 'subscribe_all_network_members', message: 'invalid_type' }]);
    expect(errorsOf({ channels: ['news'], subscribe_all_network_members: true, extra: 1 }).map((error) => error.path)).toEqual(['']);
  });
});
