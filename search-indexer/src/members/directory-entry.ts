import type { MemberDto, MemberSettings } from '@cn/contracts';
import type { MemberSearchDocument } from './members-index';

/** A directory entry as the viewer may see it: an invisible member looks offline to others. */
export const toDirectoryEntry = (
  doc: MemberSearchDocument,
  viewerId: string,
  showOnlineStatus: MemberSettings['show_online_status'],
): MemberDto => {
  const entry: MemberDto = {
    id: doc.id,
    displayName: doc.display_name,
    name: doc.display_name,
    first_name: doc.first_name,
    last_name: doc.last_name,
    images: { small: null, large: null },
    is_external: doc.is_external,
    is_network_admin: doc.is_network_admin,
    is_auditor: doc.is_auditor,
    deleted: false,
    path: `/members/${doc.id}`,
  };
  const presence = doc.presence_type;
  const visible = presence !== null && (presence !== 'invisible' || viewerId === doc.id);
  if (showOnlineStatus !== 'disabled' && visible) entry.status = { type: presence, text: doc.status_text };
  return entry;
};
