import { HttpError, type AuthProvider, type UserIdentity } from 'ra-core';
import type { CurrentMemberCan, NetworkResponse, SignInRequest } from '@cn/contracts';
import type { ApiClient } from './apiClient';

export const SIGN_IN_PATH = '/users/sign_in';
export const SIGN_OUT_PATH = '/users/sign_out';
export const FORBIDDEN_MESSAGE = 'cn.auth.forbidden';

/** Administrators and auditors may enter the console; every other member is turned away. */
export const mayEnter = (network: NetworkResponse): boolean =>
  network.current_member !== null && (network.can.administrate || network.can.audit);

export type Permissions = CurrentMemberCan;

const statusOf = (error: unknown): number | null =>
  typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number'
    ? error.status
    : null;

/** Same session cookie as the member console: signing in here signs in there, and the reverse. */
export const createAuthProvider = (api: ApiClient): AuthProvider => ({
  login: async ({ email, password }: SignInRequest) => {
    try {
      await api.httpClient(SIGN_IN_PATH, { method: 'POST', body: JSON.stringify({ email, password }) });
    } finally {
      api.forgetSession();
    }
    const network = await api.network({ refresh: true });
    if (!mayEnter(network)) throw new Error(FORBIDDEN_MESSAGE);
  },
  logout: async () => {
    try {
      // react-admin also logs out when checkAuth turns a member away; that member keeps the member console.
      const network = await api.network();
      if (mayEnter(network)) await api.httpClient(SIGN_OUT_PATH, { method: 'DELETE' });
    } catch {
      // signing out of an expired session is not an error worth showing
    } finally {
      api.forgetSession();
    }
  },
  checkAuth: async () => {
    const network = await api.network();
    if (network.current_member === null) throw new Error('cn.auth.signed_out');
    if (!mayEnter(network)) throw new Error(FORBIDDEN_MESSAGE);
  },
  checkError: (error: unknown) => {
    if (statusOf(error) !== 401) return Promise.resolve();
    api.forgetSession();
    return Promise.reject(error instanceof HttpError ? error : new Error('cn.errors.unauthenticated'));
  },
  getPermissions: async (): Promise<Permissions | null> => {
    const network = await api.network();
    return network.current_member === null ? null : network.can;
  },
  getIdentity: async (): Promise<UserIdentity> => {
    const { current_member: member } = await api.network();
    if (member === null) throw new Error('cn.auth.signed_out');
    return { id: member.id, fullName: member.name, avatar: member.images.small ?? undefined };
  },
});
