import PeopleIcon from '@mui/icons-material/People';
import type { MemberDto } from '@cn/contracts';
import { MemberCreate } from './MemberCreate';
import { MemberList } from './MemberList';

/** Network members as administrators see them: list, create, set a password, erase. */
export const members = {
  list: MemberList,
  create: MemberCreate,
  icon: PeopleIcon,
  recordRepresentation: (member: MemberDto) => member.name,
};
export type { NewMemberValues } from './newMember';
