import { assignChannelSubscriptionsRequestSchema } from '@cn/contracts';
import { recordingApiClient } from '../api/testing/recording-api-client';
import { CHANNEL_ASSIGNMENT_PATH, createChannelAssignmentDataProvider, PUBLIC_CHANNELS_PATH } from './channel-assignment-data-provider';
import { channelAssignmentBodyOf, validateChannelAssignment } from './channel-assignment-form';

describe('the channel assignment form', () => {
  it('requires channels, and members or groups unless every network member is meant', () => {
    expect(validateChannelAssignment({})).toEqual({
      channels: 'resources.channel_assignment.channels_required',
      member_ids: 'resources.channel_assignment.members_required',
    });
    expect(validateChannelAssignment({ channels: ['news'], group_ids: ['g1'] })).toEqual({});
    expect(validateChannelAssignment({ channels: ['news'], member_ids: ['m1'] })).toEqual({});
    expect(validateChannelAssignment({ channels: ['news'], subscribe_all_network_members: true })).toEqual({});
    expect(validateChannelAssignment({ channels: [], subscribe_all_network_members: true })).toEqual({ channels: 'resources.channel_assignment.channels_required' });
  });

  it('sends members and groups as { id, type }, none when every network member is meant, in a body the server takes', () => {
    const body = channelAssignmentBodyOf({ channels: ['news'], member_ids: ['m1'], group_ids: ['g1'] });
    expect(body).toEqual({ channels: ['news'], subscribe_all_network_members: false, members: [{ id: 'm1', type: 'member' }, { id: 'g1', type: 'group' }] });
    expect(assignChannelSubscriptionsRequestSchema.safeParse(body).success).toBe(true);
    const all = channelAssignmentBodyOf({ channels: ['news'], member_ids: ['m1'], subscribe_all_network_members: true });
    expect(all).toEqual({ channels: ['news'], subscribe_all_network_members: true, members: [] });
    expect(assignChannelSubscriptionsRequestSchema.safeParse(all).success).toBe(true);
    // what the form refuses, the server refuses too
    expect(assignChannelSubscriptionsRequestSchema.safeParse(channelAssignmentBodyOf({})).success).toBe(false);
    expect(assignChannelSubscriptionsRequestSchema.safeParse(channelAssignmentBodyOf({ channels: ['news'] })).success).toBe(false);
  });

  it('lists the public channels by slug and posts the assignment', async () => {
    const recording = recordingApiClient(
      { json: { entries: [{ slug: 'news', title: 'News' }], pagination: { page: 1, per_page: 100, total: 1, total_pages: 1 } } },
      { json: { position: 7, added: 3 } },
    );
    const provider = createChannelAssignmentDataProvider(recording.api);
    expect(await provider.getList('channel_assignment', { pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'ASC' }, filter: {} })).toEqual({
      data: [{ id: 'news', name: 'News' }],
      total: 1,
    });
    expect(await provider.assignChannelSubscriptions('channel_assignment', { data: { channels: ['news'], subscribe_all_network_members: true } })).toEqual({ position: 7, added: 3 });
    expect(recording.calls).toEqual([
      { url: PUBLIC_CHANNELS_PATH, method: 'GET', body: undefined },
      { url: CHANNEL_ASSIGNMENT_PATH, method: 'POST', body: { channels: ['news'], subscribe_all_network_members: true, members: [] } },
    ]);
  });
});
