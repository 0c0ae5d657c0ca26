import type { DataProvider } from 'ra-core';
import type { InviteBatchAction } from '@cn/contracts';
import type { ApiClient } from '../api/apiClient';
import { createRestDataProvider } from '../api/restDataProvider';

/** what the invites resource does beyond react-admin's methods */
export interface InviteCommands {
  /** `POST /batch_invites/revoke` or `/renew` (§4): every selected invite at once, or none (422 not_revokable / not_renewable) */
  batchInvites(resource: string, params: { action: InviteBatchAction; ids: readonly string[]; body?: string }): Promise<void>;
}

/** The invites list reads the simple-rest way (GET /administration/invites); the batch actions are the member console's commands. */
export const createInvitesDataProvider = (api: ApiClient): DataProvider & InviteCommands => {
  const rest = createRestDataProvider(api);
  const batchInvites: InviteCommands['batchInvites'] = async (_resource, { action, ids, body }) => {
    const request = action === 'renew' ? { invite_ids: ids, body: body ?? '' } : { invite_ids: ids };
    await api.httpClient(`/batch_invites/${action}`, { method: 'POST', body: JSON.stringify(request) });
  };
  return { ...rest, batchInvites };
};
