import type { DataProvider, GetListResult, RaRecord } from 'react-admin';
import type { ChannelDirectoryResponse, ChannelSubscriptionsAssigned } from '@cn/contracts';
import type { ApiClient } from '../api/apiClient';
import { createRestDataProvider } from '../api/restDataProvider';
import { channelAssignmentBodyOf, type ChannelAssignmentValues } from './channel-assignment-form';

export const CHANNEL_ASSIGNMENT_PATH = '/administration/channel_settings/assign_channel_subscriptions';
/** the channels that may be assigned: active ones (no drafts or archived ones) */
export const PUBLIC_CHANNELS_PATH = '/directory/channels?only_public=true&per_page=100';

/** what the channel_assignment resource does beyond listing the assignable channels */
export interface ChannelAssignmentCommands {
  /** `POST /administration/channel_settings/assign_channel_subscriptions`: how many subscriptions were added */
  assignChannelSubscriptions(resource: string, params: { data: ChannelAssignmentValues }): Promise<ChannelSubscriptionsAssigned>;
}

/** The assignment page's resource: its channel choices (by slug) and the assignment itself. */
export const createChannelAssignmentDataProvider = (api: ApiClient): DataProvider & ChannelAssignmentCommands => {
  const rest = createRestDataProvider(api);
  const getList = async <R extends RaRecord>(): Promise<GetListResult<R>> => {
    const response = await api.httpClient(PUBLIC_CHANNELS_PATH);
    const { entries } = response.json as ChannelDirectoryResponse;
    const data = entries.map((entry) => ({ id: entry.slug, name: entry.title })) as unknown as R[];
    return { data, total: data.length };
  };
  const assignChannelSubscriptions = async (_resource: string, { data }: { data: ChannelAssignmentValues }): Promise<ChannelSubscriptionsAssigned> => {
    const response = await api.httpClient(CHANNEL_ASSIGNMENT_PATH, { method: 'POST', body: JSON.stringify(channelAssignmentBodyOf(data)) });
    return response.json as ChannelSubscriptionsAssigned;
  };
  return { ...rest, getList, assignChannelSubscriptions };
};
