import PeopleIcon from '@mui/icons-material/People';
import type { MemberDto } from '@cn/contracts';
import { lazyPage } from '../layout/lazyPage';

/** Network members as administrators see them: list, create, set a password, erase. */
export const members = {
  list: lazyPage(() => import('./MemberList').then((module) => module.MemberList)),
  create: lazyPage(() => import('./MemberCreate').then((module) => module.MemberCreate)),
  icon: PeopleIcon,
  recordRepresentation: (member: MemberDto) => member.name,
};
export type { NewMemberValues } from './newMember';
