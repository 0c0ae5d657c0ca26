import MailIcon from '@mui/icons-material/Mail';
import type { InviteAdminDto } from '@cn/contracts';
import { lazyPage } from '../layout/lazyPage';

/** The network's group invites (/administration/invites): administrators revoke and renew them in batches (§4); auditors read. */
export const invites = {
  list: lazyPage(() => import('./InviteList').then((module) => module.InviteList)),
  icon: MailIcon,
  recordRepresentation: (invite: InviteAdminDto) => `${invite.invitee.name} → ${invite.group.name}`,
};
