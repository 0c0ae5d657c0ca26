import type { CommandAccepted, IgnoredMembersResponse, MemberDto, ProfileImageAnswer, UpdateMemberProfileRequest } from '@cn/contracts';
import type { ApiClient } from '../api/client';

const path = (id: string) => encodeURIComponent(id);

/** A member's page (GET /members/{id}), their profile edit, and the members one ignores. */
export const membersApi = (api: ApiClient) => ({
  get: (id: string) => api.request<MemberDto>('GET', `/members/${path(id)}`),
  update: (id: string, request: UpdateMemberProfileRequest) => api.request<CommandAccepted>('PUT', `/members/${path(id)}`, { body: request }),
  ignored: (id: string) => api.request<IgnoredMembersResponse>('GET', `/members/${path(id)}/ignored`),
  setImage: (id: string, file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return api.request<ProfileImageAnswer>('PUT', `/members/${path(id)}/image`, { body: form });
  },
  removeImage: (id: string) => api.request<ProfileImageAnswer>('DELETE', `/members/${path(id)}/image`),
  ignore: (id: string, ignore: boolean) => api.request<CommandAccepted & { ignored: boolean }>(ignore ? 'POST' : 'DELETE', `/api/v1/members/${path(id)}/ignore`),
});
