import RuleIcon from '@mui/icons-material/Rule';
import type { ChangeRequestDto } from '@cn/contracts';
import { lazyPage } from '../layout/lazyPage';

/** Members' requests to change profile fields they do not edit themselves: listed, accepted or rejected. */
export const changeRequests = {
  list: lazyPage(() => import('./ChangeRequestList').then((module) => module.ChangeRequestList)),
  icon: RuleIcon,
  recordRepresentation: (request: ChangeRequestDto) => request.member.name,
};
