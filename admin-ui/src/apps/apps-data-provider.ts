import { HttpError, type CreateParams, type CreateResult, type DataProvider, type GetListParams, type GetListResult, type GetOneParams, type GetOneResult, type RaRecord, type UpdateParams, type UpdateResult } from 'ra-core';
import { appDtoSchema, appsListResponseSchema, type EmailIntegration, type PropertyDefinition } from '@cn/contracts';
import type { ApiClient } from '../api/apiClient';
import { createRestDataProvider } from '../api/restDataProvider';
import { fieldErrorsOf, setErrorAt, type FormErrors } from '../api/serverErrors';

export const APPS_PATH = '/api/v1/apps';

/** A property in the editor: without an id until it is saved the first time. */
export type EditedProperty = Omit<PropertyDefinition, 'id'> & { id?: string };

export interface AppRecord {
  id: string;
  name: string;
  description: string;
  properties: EditedProperty[];
  /** the activity teaser template ('' : none) */
  teaser_template: string;
  /** the mails on assign and unassign; a row added in the editor has no uuid yet */
  email_integrations?: EditedEmailIntegration[];
}

export type EditedEmailIntegration = Omit<EmailIntegration, 'uuid' | 'type'> & { uuid?: string; type?: EmailIntegration['type'] };

/** what PUT …/integrations/email takes: every row, a new one with a fresh uuid */
export const emailIntegrationsBodyOf = (rows: readonly EditedEmailIntegration[], newId: () => string = () => crypto.randomUUID()) => ({
  email_integrations: rows.map((row) => ({
    uuid: row.uuid ?? newId(),
    type: 'email_notification' as const,
    trigger: row.trigger,
    assignee_property_id: row.assignee_property_id,
    email_subject_template: row.email_subject_template,
    email_text_template: row.email_text_template,
  })),
});

const path = (segment: string): string => encodeURIComponent(segment);

/** a new property's id: stable for good, so renaming the property keeps its items' values */
export const newPropertyId = (name: string, taken: ReadonlySet<string>): string => {
  let id = `p-${name.replace(/[^a-z0-9_]/g, '') || 'property'}`;
  for (let n = 2; taken.has(id); n += 1) id = `p-${name}-${n}`;
  return id;
};

/** which properties to send (new or changed) and which to remove, in the editor's order */
export const propertyChanges = (before: readonly EditedProperty[], after: readonly EditedProperty[]) => {
  const previous = new Map(before.filter((property) => property.id).map((property) => [property.id, property]));
  const kept = new Set(after.map((property) => property.id).filter((id): id is string => Boolean(id)));
  return {
    define: after.map((property, index) => ({ property, index })).filter(({ property }) => !property.id || JSON.stringify(previous.get(property.id)) !== JSON.stringify(property)),
    remove: [...previous.keys()].filter((id): id is string => typeof id === 'string' && !kept.has(id)),
  };
};

/** a property's 400 shown on its row of the editor, in the apps' wording */
const onRow = (error: unknown, index: number): unknown => {
  if (!(error instanceof HttpError)) return error;
  const fields = fieldErrorsOf(error.body);
  if (fields.length === 0) return error;
  const errors: FormErrors = {};
  // the tag groups are one picker: a refused entry (tag_parents.<i>) shows under it
  for (const { field, key } of fields) setErrorAt(errors, ['properties', String(index), ...(field.startsWith('tag_parents.') ? ['tag_parents'] : field.split('.'))], `cn.apps.errors.${key}`);
  return new HttpError('cn.errors.validation_failed', error.status, { ...(error.body as object), errors });
};

/** an app-wide setting's 400 (teaser, integrations) shown at its fields, in the apps' wording */
const atFields = (error: unknown): unknown => {
  if (!(error instanceof HttpError)) return error;
  const errors: FormErrors = {};
  for (const { field, key } of fieldErrorsOf(error.body)) setErrorAt(errors, field.split('.'), `cn.apps.errors.${key}`);
  return new HttpError('cn.errors.validation_failed', error.status, { ...(error.body as object), errors });
};

/**
 * The property-set editor's resource: apps listed and read where members read them, created with POST
 * /api/v1/apps, and saved property by property (PUT …/properties/{id}, DELETE for a removed one).
 */
export const createAppsDataProvider = (api: ApiClient): DataProvider => {
  const read = async (id: string): Promise<AppRecord> => {
    const app = appDtoSchema.parse((await api.httpClient(`${APPS_PATH}/${path(id)}`)).json);
    return { id: app.id, name: app.name, description: app.description, properties: app.properties, teaser_template: app.teaser_template, email_integrations: app.email_integrations };
  };

  function getList<R extends RaRecord>(resource: string, params: GetListParams): Promise<GetListResult<R>>;
  async function getList(): Promise<GetListResult<AppRecord>> {
    const { apps } = appsListResponseSchema.parse((await api.httpClient(APPS_PATH)).json);
    return { data: apps.map((app) => ({ ...app, properties: [], teaser_template: '' })), total: apps.length };
  }

  function getOne<R extends RaRecord>(resource: string, params: GetOneParams<R>): Promise<GetOneResult<R>>;
  async function getOne(_resource: string, params: GetOneParams): Promise<GetOneResult<AppRecord>> {
    return { data: await read(String(params.id)) };
  }

  function create<R extends RaRecord>(resource: string, params: CreateParams): Promise<CreateResult<R>>;
  async function create(_resource: string, params: CreateParams<{ id: string; name: string; description?: string }>): Promise<CreateResult<AppRecord>> {
    const { id = '', name, description = '' } = params.data;
    await api.httpClient(APPS_PATH, { method: 'POST', body: JSON.stringify({ slug: id, name, description }) }).catch((error: unknown) => {
      if (!(error instanceof HttpError)) throw error;
      // the slug is the record's id in the form
      const fields = fieldErrorsOf(error.body).map((entry) => (entry.field === 'slug' ? { ...entry, field: 'id' } : entry));
      const errors: FormErrors = {};
      for (const { field, key } of fields) setErrorAt(errors, field.split('.'), `cn.apps.errors.${key}`);
      throw new HttpError('cn.errors.validation_failed', error.status, { ...(error.body as object), errors });
    });
    return { data: await read((id ?? '').trim().toLowerCase()) };
  }

  function update<R extends RaRecord>(resource: string, params: UpdateParams): Promise<UpdateResult<R>>;
  async function update(_resource: string, params: UpdateParams<AppRecord>): Promise<UpdateResult<AppRecord>> {
    const id = String(params.id);
    const before = (params.previousData as AppRecord | undefined)?.properties ?? (await read(id)).properties;
    const after = params.data.properties ?? [];
    const taken = new Set(before.map((property) => property.id).filter((entry): entry is string => Boolean(entry)));
    const { define, remove } = propertyChanges(before, after);
    for (const { property, index } of define) {
      const { id: propertyId, ...definition } = property;
      const target = propertyId ?? newPropertyId(definition.name, taken);
      taken.add(target);
      await api.httpClient(`${APPS_PATH}/${path(id)}/properties/${path(target)}`, { method: 'PUT', body: JSON.stringify(definition) }).catch((error: unknown) => {
        throw onRow(error, index);
      });
    }
    for (const propertyId of remove) await api.httpClient(`${APPS_PATH}/${path(id)}/properties/${path(propertyId)}`, { method: 'DELETE' });
    // the teaser after the properties: its placeholders may name a property saved just now
    const teaser = params.data.teaser_template ?? '';
    if (teaser !== ((params.previousData as AppRecord | undefined)?.teaser_template ?? '')) {
      await api.httpClient(`${APPS_PATH}/${path(id)}/integrations/teaser`, { method: 'PUT', body: JSON.stringify({ teaser_template: teaser }) }).catch((error: unknown) => {
        throw atFields(error);
      });
    }
    // the integrations after the properties too: the property they watch may be new
    const integrations = params.data.email_integrations ?? [];
    if (JSON.stringify(integrations) !== JSON.stringify((params.previousData as AppRecord | undefined)?.email_integrations ?? [])) {
      await api.httpClient(`${APPS_PATH}/${path(id)}/integrations/email`, { method: 'PUT', body: JSON.stringify(emailIntegrationsBodyOf(integrations)) }).catch((error: unknown) => {
        throw atFields(error);
      });
    }
    return { data: await read(id) };
  }

  return { ...createRestDataProvider(api), getList, getOne, create, update };
};
