import { MEMBERSHIP_ROLES_COLLECTION } from '@cn/contracts';
import { directoryKeys } from '../directory/directory-queries';
import { baseName } from '../realtime/changes';
import type { LiveRoute } from '../realtime/LiveQueries';

/**
 * A membership role created, renamed, assigned or deleted (the administration's roles manager): the
 * directory's role badges are read again. The role pickers ask the server as the member types.
 */
export const membershipRolesLive: LiveRoute = (message, client) => {
  if (baseName(message.collection) !== MEMBERSHIP_ROLES_COLLECTION) return;
  void client.invalidateQueries({ queryKey: directoryKeys.all });
};
