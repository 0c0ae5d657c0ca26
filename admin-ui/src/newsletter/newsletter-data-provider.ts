import type { DataProvider, GetOneParams, GetOneResult, RaRecord, UpdateParams, UpdateResult } from 'ra-core';
import type { NewsletterSettingsDto, NewsletterTemplateDto, UpcomingActivitiesDto } from '@cn/contracts';
import type { ApiClient } from '../api/apiClient';
import { ADMIN_API, createRestDataProvider } from '../api/restDataProvider';

/** the newsletter's three records, each read and saved on its own path */
export const NEWSLETTER_RECORDS = ['settings', 'upcoming_activities', 'template'] as const;
export type NewsletterRecordId = (typeof NEWSLETTER_RECORDS)[number];

export const NEWSLETTER_API = `${ADMIN_API}/newsletter`;
const READ_PATHS: Record<NewsletterRecordId, string> = {
  settings: `${NEWSLETTER_API}/settings`,
  upcoming_activities: `${NEWSLETTER_API}/settings/upcoming_activities`,
  template: `${NEWSLETTER_API}/template`,
};

export type NewsletterSettingsRecord = NewsletterSettingsDto & { id: 'settings' };
export type UpcomingActivitiesRecord = UpcomingActivitiesDto & { id: 'upcoming_activities' };
export type NewsletterTemplateRecord = NewsletterTemplateDto & { id: 'template' };
type NewsletterRecord = NewsletterSettingsRecord | UpcomingActivitiesRecord | NewsletterTemplateRecord;

const isRecordId = (id: unknown): id is NewsletterRecordId => typeof id === 'string' && (NEWSLETTER_RECORDS as readonly string[]).includes(id);

/** what each record's save sends: the fields its route takes, at the revision the form was read at */
export const newsletterSaveRequest = (id: NewsletterRecordId, next: Record<string, unknown>): { method: 'PUT' | 'POST'; path: string; body: Record<string, unknown> } => {
  switch (id) {
    case 'settings': {
      const semimonthly = next.interval === 'semimonthly';
      return {
        method: 'PUT',
        path: `${NEWSLETTER_API}/settings`,
        body: {
          enabled: next.enabled === true,
          interval: next.interval,
          day: next.day,
          second_day: semimonthly ? next.second_day : null,
          time: next.time,
          second_time: semimonthly ? next.second_time : null,
          revision: next.revision,
        },
      };
    }
    case 'upcoming_activities':
      return { method: 'POST', path: `${NEWSLETTER_API}/settings/update_upcoming_activities`, body: { order: next.order, revision: next.revision } };
    case 'template':
      return { method: 'PUT', path: `${NEWSLETTER_API}/template`, body: { design: next.design ?? '', body: next.body, css: next.css ?? '', js: next.js ?? '', fonts: next.fonts ?? '', revision: next.revision } };
    default: {
      const unknown: never = id;
      throw new Error(`unknown newsletter record ${String(unknown)}`);
    }
  }
};

/** The newsletter: three records (settings, upcoming_activities, template) of one resource. */
export const createNewsletterDataProvider = (api: ApiClient): DataProvider => {
  function getOne<R extends RaRecord>(resource: string, params: GetOneParams<R>): Promise<GetOneResult<R>>;
  async function getOne(_resource: string, params: GetOneParams): Promise<GetOneResult<NewsletterRecord>> {
    if (!isRecordId(params.id)) throw Object.assign(new Error('not_found'), { status: 404 });
    const response = await api.httpClient(READ_PATHS[params.id]);
    return { data: { ...(response.json as object), id: params.id } as NewsletterRecord };
  }

  function update<R extends RaRecord>(resource: string, params: UpdateParams): Promise<UpdateResult<R>>;
  async function update(_resource: string, params: UpdateParams<NewsletterRecord>): Promise<UpdateResult<NewsletterRecord>> {
    if (!isRecordId(params.id)) throw Object.assign(new Error('not_found'), { status: 404 });
    const next = { ...params.previousData, ...params.data } as Record<string, unknown>;
    const request = newsletterSaveRequest(params.id, { ...next, revision: params.previousData.revision });
    await api.httpClient(request.path, { method: request.method, body: JSON.stringify(request.body) });
    return { data: { ...next, revision: params.previousData.revision + 1, id: params.id } as NewsletterRecord };
  }

  return { ...createRestDataProvider(api), getOne, update };
};
