import { memberImageUrls, memberProfileAbilities, statusSeenBy, type MemberDto, type MemberSettings, type MemberViewer } from '@cn/contracts';
import type { MemberSearchDocument } from './members-index';

/** A directory entry as the viewer may see it: offline without an open console, an invisible member offline to others. */
export const toDirectoryEntry = (
  doc: MemberSearchDocument,
  viewerId: string,
  showOnlineStatus: MemberSettings['show_online_status'],
  /** whether the member has an open console (presence follows the connection) */
  connected: boolean,
  /** with the viewer's roles the entry carries `can` (the row's invite buttons) */
  viewer?: MemberViewer,
): MemberDto => {
  const entry: MemberDto = {
    id: doc.id,
    displayName: doc.display_name,
    name: doc.display_name,
    first_name: doc.first_name,
    last_name: doc.last_name,
    images: typeof doc.image_version === 'number' ? memberImageUrls(doc.id, doc.image_version) : { small: null, large: null },
    is_external: doc.is_external,
    is_network_admin: doc.is_network_admin,
    is_auditor: doc.is_auditor,
    deleted: false,
    path: `/members/${doc.id}`,
  };
  const chosen = doc.presence_type === null ? null : { type: doc.presence_type, text: doc.status_text };
  const status = statusSeenBy(chosen, { subjectId: doc.id, viewerId, showOnlineStatus, connected });
  if (status) entry.status = status;
  if (viewer) entry.can = memberProfileAbilities(viewer, { id: doc.id, deleted: false, external: doc.is_external });
  return entry;
};
