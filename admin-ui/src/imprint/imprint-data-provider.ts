import type { DataProvider, GetOneParams, GetOneResult, RaRecord, UpdateParams, UpdateResult } from 'ra-core';
import type { ImprintDto } from '@cn/contracts';
import type { ApiClient } from '../api/apiClient';
import { ADMIN_API, createRestDataProvider } from '../api/restDataProvider';

export const IMPRINT_RECORD_ID = 'network';
export const IMPRINT_FORM_PATH = `${ADMIN_API}/imprint/edit`;
export const IMPRINT_PATH = `${ADMIN_API}/imprint`;

export type ImprintRecord = ImprintDto & { id: string };

/** The imprint is one record (id `network`): read from its form path, saved at the revision it was read at. */
export const createImprintDataProvider = (api: ApiClient): DataProvider => {
  function getOne<R extends RaRecord>(resource: string, params: GetOneParams<R>): Promise<GetOneResult<R>>;
  async function getOne(): Promise<GetOneResult<ImprintRecord>> {
    const response = await api.httpClient(IMPRINT_FORM_PATH);
    return { data: { ...(response.json as ImprintDto), id: IMPRINT_RECORD_ID } };
  }

  function update<R extends RaRecord>(resource: string, params: UpdateParams): Promise<UpdateResult<R>>;
  async function update(_resource: string, params: UpdateParams<ImprintRecord>): Promise<UpdateResult<ImprintRecord>> {
    const next = { ...params.previousData, ...params.data };
    const body = { content: next.content, mail_imprint: next.mail_imprint, show_newsletter_info: next.show_newsletter_info === true, revision: params.previousData.revision };
    await api.httpClient(IMPRINT_PATH, { method: 'PUT', body: JSON.stringify(body) });
    return { data: { ...next, revision: params.previousData.revision + 1, id: IMPRINT_RECORD_ID } };
  }

  return { ...createRestDataProvider(api), getOne, update };
};
