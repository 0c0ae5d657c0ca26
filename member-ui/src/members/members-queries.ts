import { MEMBERS_TOPIC, type MemberDto, type UpdateMemberProfileRequest } from '@cn/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCommand } from '../api/useCommand';
import { directoryKeys } from '../directory/directory-queries';
import { withStatus } from '../presence/presence-rules';
import { memberProfileChangeOf, presenceChangeOf, withProfile } from '../realtime/changes';
import { useLiveTopic, type LiveRoute } from '../realtime/LiveQueries';
import { useSession } from '../session/SessionContext';
import { membersApi } from './members-api';

/** Query keys of the member pages. */
export const membersKeys = {
  all: ['members'] as const,
  detail: (id: string) => [...membersKeys.all, 'detail', id] as const,
  ignored: (id: string) => [...membersKeys.all, 'ignored', id] as const,
};

export const useMember = (id: string) => {
  const { api } = useSession();
  // the server pushes other members' changes only to consoles whose pages show members
  useLiveTopic(MEMBERS_TOPIC);
  return useQuery({ queryKey: membersKeys.detail(id), queryFn: () => membersApi(api).get(id) });
};

/** Saves a profile; the member's page and the directory read again (pushes bring it to everyone else). */
export const useUpdateProfile = (id: string) => {
  const { api } = useSession();
  return useCommand((request: UpdateMemberProfileRequest) => membersApi(api).update(id, request), [membersKeys.detail(id), directoryKeys.all]);
};

/** Sets (a file) or removes (null) a member's profile image; the pushed member brings the new URL to every open page. */
export const useSetProfileImage = (id: string) => {
  const { api } = useSession();
  return useCommand((file: File | null) => (file ? membersApi(api).setImage(id, file) : membersApi(api).removeImage(id)), [membersKeys.detail(id), directoryKeys.all]);
};

/** The members the signed-in member ignores (only their own list exists for them). */
export const useIgnoredMembers = (memberId: string, enabled = true) => {
  const { api } = useSession();
  return useQuery({ queryKey: membersKeys.ignored(memberId), queryFn: () => membersApi(api).ignored(memberId), enabled });
};

/** Ignores a member or stops ignoring them; the signed-in member's list reads again. */
export const useIgnoreMember = (meId: string) => {
  const { api } = useSession();
  return useCommand(({ id, ignore }: { id: string; ignore: boolean }) => membersApi(api).ignore(id, ignore), [membersKeys.ignored(meId)]);
};

/** A pushed member (presence, names) is written into their page: the push carries both, no need to ask again. */
export const membersLive: LiveRoute = (message, client) => {
  const change = presenceChangeOf(message);
  if (!change) return;
  const profile = memberProfileChangeOf(message);
  client.setQueryData<MemberDto>(membersKeys.detail(change.memberId), (member) => {
    if (!member) return member;
    const withPresence = withStatus(member, change.status);
    return profile ? withProfile(withPresence, profile.patch) : withPresence;
  });
};
