import type { MemberDto } from '@cn/contracts';
import { useQuery } from '@tanstack/react-query';
import { withStatus } from '../presence/presence-rules';
import { presenceChangeOf } from '../realtime/changes';
import type { LiveRoute } from '../realtime/LiveQueries';
import { useSession } from '../session/SessionContext';
import { membersApi } from './members-api';

/** Query keys of the member pages. */
export const membersKeys = {
  all: ['members'] as const,
  detail: (id: string) => [...membersKeys.all, 'detail', id] as const,
};

export const useMember = (id: string) => {
  const { api } = useSession();
  return useQuery({ queryKey: membersKeys.detail(id), queryFn: () => membersApi(api).get(id) });
};

/** A pushed presence is written into the member's page (the push carries the status; no need to ask again). */
export const membersLive: LiveRoute = (message, client) => {
  const change = presenceChangeOf(message);
  if (!change) return;
  client.setQueryData<MemberDto>(membersKeys.detail(change.memberId), (member) => (member ? withStatus(member, change.status) : member));
};
