import BadgeIcon from '@mui/icons-material/Badge';
import type { MembershipRoleAdminDto } from '@cn/contracts';
import { lazyPage } from '../layout/lazyPage';

/** The network's membership roles manager: administrators create, rename, assign and delete; auditors read. */
export const membershipRoles = {
  list: lazyPage(() => import('./MembershipRoleList').then((module) => module.MembershipRoleList)),
  create: lazyPage(() => import('./MembershipRoleForms').then((module) => module.MembershipRoleCreate)),
  edit: lazyPage(() => import('./MembershipRoleForms').then((module) => module.MembershipRoleEdit)),
  icon: BadgeIcon,
  recordRepresentation: (role: MembershipRoleAdminDto) => role.name,
};
