import simpleRestProvider from 'ra-data-simple-rest';
import {
  HttpError,
  type CreateParams,
  type CreateResult,
  type DataProvider,
  type DeleteParams,
  type DeleteResult,
  type GetOneParams,
  type GetOneResult,
  type RaRecord,
  type UpdateParams,
  type UpdateResult,
} from 'ra-core';
import type { AppointmentCategoriesResponse, FieldError } from '@cn/contracts';
import { fieldErrorsToFormErrors } from './serverErrors';
import type { ApiClient } from './apiClient';
import type { NewMemberValues } from '../members/newMember';
import { CATEGORIES_RECORD_ID, categoriesChangeOf, type CategoriesRecord } from '../appointment-categories/categoriesChange';
import { diffSettings, hasChanges, settingsOf, toSettingsRecord, type SettingsRecord } from '../settings/settingsDiff';

/** Administration resources live under /administration (ra-data-simple-rest dialect, same origin). */
export const ADMIN_API = '/administration';
export const SETTINGS_PATH = `${ADMIN_API}/settings`;
export const MEMBERS_PATH = `${ADMIN_API}/members`;
export const CATEGORIES_PATH = '/appointments/categories';
export const CATEGORIES_CHANGE_PATH = `${ADMIN_API}/appointment_categories`;

const idFromCreated = (json: unknown): string | null => {
  if (typeof json !== 'object' || json === null) return null;
  const body = json as { id?: unknown; member?: { id?: unknown }; user?: { id?: unknown }; member_id?: unknown };
  const id = body.id ?? body.member?.id ?? body.user?.id ?? body.member_id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
};

/** The server names fields inside the `{ user }` envelope (`user.email`); the form knows them as `email`. */
const withoutEnvelope = (error: unknown, envelope: string): unknown => {
  if (!(error instanceof HttpError)) return error;
  const body: unknown = error.body;
  if (typeof body !== 'object' || body === null || !('fieldErrors' in body) || !Array.isArray(body.fieldErrors)) {
    return error;
  }
  const fieldErrors = (body.fieldErrors as FieldError[]).map((fieldError) => ({
    ...fieldError,
    field: fieldError.field.startsWith(`${envelope}.`) ? fieldError.field.slice(envelope.length + 1) : fieldError.field,
  }));
  return new HttpError(error.message, error.status, { ...body, fieldErrors, errors: fieldErrorsToFormErrors(fieldErrors) });
};

/**
 * ra-data-simple-rest, wrapped: the network settings are one document behind their own path, saved as
 * a diff; a new member is posted in the `user` envelope, and so is a password an administrator sets;
 * erasing answers no body.
 */
export const createDataProvider = (api: ApiClient): DataProvider => {
  const rest = simpleRestProvider(ADMIN_API, api.httpClient);

  const getSettings = async (): Promise<GetOneResult<SettingsRecord>> => {
    const response = await api.httpClient(SETTINGS_PATH);
    return { data: toSettingsRecord(response.json as unknown) };
  };

  const updateSettings = async (params: UpdateParams<SettingsRecord>): Promise<UpdateResult<SettingsRecord>> => {
    const previous = settingsOf(params.previousData);
    const next = settingsOf({ ...params.previousData, ...params.data });
    const changes = diffSettings(previous, next);
    if (hasChanges(changes)) {
      await api.httpClient(SETTINGS_PATH, { method: 'PUT', body: JSON.stringify(changes) });
    }
    return { data: toSettingsRecord(next) };
  };

  const createMember = async (params: CreateParams<NewMemberValues>): Promise<CreateResult<RaRecord>> => {
    const { email, password, send_welcome_mail = false, profile_id, first_name, last_name } = params.data;
    const user = {
      email: (email ?? '').trim(),
      password: password ?? '',
      send_welcome_mail,
      profile_id: profile_id ?? null,
      ...(first_name ? { first_name } : {}),
      ...(last_name ? { last_name } : {}),
    };
    const response = await api
      .httpClient(MEMBERS_PATH, { method: 'POST', body: JSON.stringify({ user }) })
      .catch((error: unknown) => {
        throw withoutEnvelope(error, 'user');
      });
    const id = idFromCreated(response.json as unknown) ?? user.email;
    return { data: { id, email: user.email, send_welcome_mail, profile_id: user.profile_id } };
  };

  /** `PUT /administration/members/{id}` with `{ user: { password } }`; the answer keeps the record as it was, never the password. */
  const setMemberPassword = async (params: UpdateParams<RaRecord>): Promise<UpdateResult<RaRecord>> => {
    const password: unknown = (params.data as { password?: unknown }).password;
    await api.httpClient(`${MEMBERS_PATH}/${encodeURIComponent(String(params.id))}`, {
      method: 'PUT',
      body: JSON.stringify({ user: { password: typeof password === 'string' ? password : '' } }),
    });
    return { data: { ...(params.previousData ?? {}), id: params.id } };
  };

  const eraseMember = async (params: DeleteParams<RaRecord>): Promise<DeleteResult<RaRecord>> => {
    await api.httpClient(`${MEMBERS_PATH}/${encodeURIComponent(String(params.id))}`, { method: 'DELETE' });
    return { data: { ...(params.previousData ?? {}), id: params.id, deleted: true } };
  };

  const getCategories = async (): Promise<GetOneResult<CategoriesRecord>> => {
    const response = await api.httpClient(CATEGORIES_PATH);
    const { categories } = response.json as AppointmentCategoriesResponse;
    const custom = categories.filter((category) => category.custom).map(({ id, label }) => ({ id, label }));
    return { data: { id: CATEGORIES_RECORD_ID, custom_categories: custom } };
  };

  const updateCategories = async (params: UpdateParams<CategoriesRecord>): Promise<UpdateResult<CategoriesRecord>> => {
    const previous = (params.previousData.custom_categories ?? []).flatMap((category) => (category.id ? [{ id: category.id, label: category.label }] : []));
    await api.httpClient(CATEGORIES_CHANGE_PATH, { method: 'PUT', body: JSON.stringify(categoriesChangeOf(previous, params.data.custom_categories ?? [])) });
    return getCategories();
  };

  // react-admin's provider methods are generic in the record type; each override answers its own resource's.
  return {
    ...rest,
    getOne: <R extends RaRecord>(resource: string, params: GetOneParams<R>) =>
      resource === 'settings'
        ? (getSettings() as unknown as Promise<GetOneResult<R>>)
        : resource === 'appointment-categories'
          ? (getCategories() as unknown as Promise<GetOneResult<R>>)
          : rest.getOne<R>(resource, params),
    update: <R extends RaRecord>(resource: string, params: UpdateParams<R>) =>
      resource === 'settings'
        ? (updateSettings(params as unknown as UpdateParams<SettingsRecord>) as unknown as Promise<UpdateResult<R>>)
        : resource === 'appointment-categories'
          ? (updateCategories(params as unknown as UpdateParams<CategoriesRecord>) as unknown as Promise<UpdateResult<R>>)
          : resource === 'members'
            ? (setMemberPassword(params) as unknown as Promise<UpdateResult<R>>)
            : rest.update<R>(resource, params),
    create: <R extends Omit<RaRecord, 'id'>, Result extends RaRecord = R & { id: string }>(
      resource: string,
      params: CreateParams<R>,
    ) =>
      resource === 'members'
        ? (createMember(params) as unknown as Promise<CreateResult<Result>>)
        : rest.create<R, Result>(resource, params),
    delete: <R extends RaRecord>(resource: string, params: DeleteParams<R>) =>
      resource === 'members'
        ? (eraseMember(params) as unknown as Promise<DeleteResult<R>>)
        : rest.delete<R>(resource, params),
  };
};
