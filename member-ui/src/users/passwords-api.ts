import type { ChangePasswordRequest, CommandAccepted, RequestPasswordReset, ResetPasswordRequest } from '@cn/contracts';
import type { ApiClient } from '../api/client';

/** The password routes of the command service (command-service/src/auth/managing-passwords). */
export const requestPasswordReset = (api: ApiClient, request: RequestPasswordReset) =>
  api.request<{ requested: true }>('POST', '/users/password', { body: request });

export const resetPassword = (api: ApiClient, request: ResetPasswordRequest) =>
  api.request<CommandAccepted>('PUT', '/users/password', { body: request });

export const changeOwnPassword = (api: ApiClient, request: ChangePasswordRequest) =>
  api.request<CommandAccepted>('PUT', '/api/v1/members/me/password', { body: request });
