import {
  HttpError,
  type CreateParams,
  type CreateResult,
  type DataProvider,
  type DeleteParams,
  type DeleteResult,
  type Identifier,
  type RaRecord,
  type UpdateParams,
  type UpdateResult,
} from 'ra-core';
import type { MemberFactorsResponse } from '@cn/contracts';
import type { ApiClient } from '../api/apiClient';
import { ADMIN_API, createRestDataProvider } from '../api/restDataProvider';
import { fieldErrorsOf, fieldErrorsToFormErrors } from '../api/serverErrors';
import type { NewMemberValues } from './newMember';

export const MEMBERS_PATH = `${ADMIN_API}/members`;

/** What `create` answers: the new member as the list shows it until the read model has it. */
export interface CreatedMemberRecord {
  id: string;
  email: string;
  send_welcome_mail: boolean;
  profile_id: string | null;
}

/** The set-password dialog's values: only the password travels, never back into the record. */
interface PasswordChange {
  password?: unknown;
}

const memberPath = (id: Identifier): string => `${MEMBERS_PATH}/${encodeURIComponent(String(id))}`;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const asId = (value: unknown): string | null => (typeof value === 'string' || typeof value === 'number' ? String(value) : null);

/** The command answers the new id as `id`, `member.id`, `user.id` or `member_id`, depending on its version. */
const idFromCreated = (json: unknown): string | null => {
  if (!isRecord(json)) return null;
  return (
    asId(json.id) ??
    (isRecord(json.member) ? asId(json.member.id) : null) ??
    (isRecord(json.user) ? asId(json.user.id) : null) ??
    asId(json.member_id)
  );
};

/** The server names fields inside the `{ user }` envelope (`user.email`); the form knows them as `email`. */
const withoutEnvelope = (error: unknown, envelope: string): unknown => {
  if (!(error instanceof HttpError)) return error;
  const body: unknown = error.body;
  if (!isRecord(body) || !Array.isArray(body.fieldErrors)) return error;
  const fieldErrors = fieldErrorsOf(body).map((fieldError) => ({
    ...fieldError,
    field: fieldError.field.startsWith(`${envelope}.`) ? fieldError.field.slice(envelope.length + 1) : fieldError.field,
  }));
  return new HttpError(error.message, error.status, { ...body, fieldErrors, errors: fieldErrorsToFormErrors(fieldErrors) });
};

/**
 * Members are listed the simple-rest way; a new member is posted in the `user` envelope, and so is a
 * password an administrator sets (`PUT`); erasing (`DELETE`) answers no body.
 */
export const createMembersDataProvider = (api: ApiClient): DataProvider => {
  // react-admin lets the caller name the record type; each method is declared with react-admin's generic
  // signature and implemented for what this resource answers.
  function create<R extends Omit<RaRecord, 'id'>, Result extends RaRecord = R & { id: Identifier }>(
    resource: string,
    params: CreateParams,
  ): Promise<CreateResult<Result>>;
  async function create(_resource: string, params: CreateParams<NewMemberValues>): Promise<CreateResult<CreatedMemberRecord>> {
    const { email, password, send_welcome_mail = false, profile_id, first_name, last_name } = params.data;
    const user = {
      email: (email ?? '').trim(),
      password: password ?? '',
      send_welcome_mail,
      profile_id: profile_id ?? null,
      ...(first_name ? { first_name } : {}),
      ...(last_name ? { last_name } : {}),
    };
    const response = await api.httpClient(MEMBERS_PATH, { method: 'POST', body: JSON.stringify({ user }) }).catch((error: unknown) => {
      throw withoutEnvelope(error, 'user');
    });
    const id = idFromCreated(response.json) ?? user.email;
    return { data: { id, email: user.email, send_welcome_mail, profile_id: user.profile_id } };
  }

  /** `PUT /administration/members/{id}` with `{ user: { password } }`; the answer keeps the record as it was, never the password. */
  function update<R extends RaRecord>(resource: string, params: UpdateParams): Promise<UpdateResult<R>>;
  async function update(_resource: string, params: UpdateParams<RaRecord & PasswordChange>): Promise<UpdateResult<RaRecord>> {
    const { password } = params.data;
    await api.httpClient(memberPath(params.id), {
      method: 'PUT',
      body: JSON.stringify({ user: { password: typeof password === 'string' ? password : '' } }),
    });
    return { data: { ...(params.previousData ?? {}), id: params.id } };
  }

  function erase<R extends RaRecord>(resource: string, params: DeleteParams<R>): Promise<DeleteResult<R>>;
  async function erase(_resource: string, params: DeleteParams<RaRecord>): Promise<DeleteResult<RaRecord>> {
    await api.httpClient(memberPath(params.id), { method: 'DELETE' });
    return { data: { ...(params.previousData ?? {}), id: params.id, deleted: true } };
  }

  /** the member manager menu's commands (spec §6); each answers `{ position }` */
  const command = (path: string, method: 'PUT' | 'DELETE', body?: object) =>
    api.httpClient(path, { method, ...(body ? { body: JSON.stringify(body) } : {}) }).then(() => undefined);
  const menu: MemberMenuCommands = {
    lockMember: (_resource, { id, locked }) => command(`${memberPath(id)}/lock`, 'PUT', { locked }),
    setExternal: (_resource, { id, external }) => command(`${memberPath(id)}/external`, 'PUT', { external }),
    resetTwoFactor: (_resource, { id }) => command(`${memberPath(id)}/authentication/factors`, 'DELETE'),
    // the member console's route (the member reactivates their own address there, administrators anyone's)
    reactivateEmail: (_resource, { id }) => api.httpClient(`/members/${encodeURIComponent(String(id))}/email/reactivate`, { method: 'POST' }).then(() => undefined),
    memberFactors: async (_resource, { id }) => (await api.httpClient(`${memberPath(id)}/authentication/factors`)).json as MemberFactorsResponse,
  };

  return { ...createRestDataProvider(api), create, update, delete: erase, ...menu };
};

/**
 * The member manager menu's commands beside react-admin's methods (reached with useDataProvider();
 * combineDataProviders hands every method the resource first, then its parameters).
 */
export interface MemberMenuCommands {
  lockMember(resource: string, params: { id: Identifier; locked: boolean }): Promise<void>;
  setExternal(resource: string, params: { id: Identifier; external: boolean }): Promise<void>;
  resetTwoFactor(resource: string, params: { id: Identifier }): Promise<void>;
  /** takes a bounce-listed address off the list (POST /members/{id}/email/reactivate) */
  reactivateEmail(resource: string, params: { id: Identifier }): Promise<void>;
  /** the member's factors and the removed ones, with who removed them (GET …/authentication/factors) */
  memberFactors(resource: string, params: { id: Identifier }): Promise<MemberFactorsResponse>;
}
