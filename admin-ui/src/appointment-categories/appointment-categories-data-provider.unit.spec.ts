import type { AppointmentCategoriesResponse } from '@cn/contracts';
import { recordingApiClient } from '../api/testing/recording-api-client';
import { createAppointmentCategoriesDataProvider } from './appointment-categories-data-provider';
import type { CategoriesRecord } from './categoriesChange';

const answer = (...custom: Array<{ id: string; label: string }>): { json: AppointmentCategoriesResponse } => ({
  json: {
    categories: [{ id: 'meeting', label: 'Meeting', custom: false }, ...custom.map((category) => ({ ...category, custom: true }))],
  },
});

describe('the appointment categories data provider', () => {
  it('reads GET /appointments/categories as the record `network` holding only the custom categories', async () => {
    const { api, calls } = recordingApiClient(answer({ id: 'choir', label: 'Choir' }, { id: 'garden', label: 'Garden' }));
    const { data } = await createAppointmentCategoriesDataProvider(api).getOne<CategoriesRecord>('appointment-categories', { id: 'network' });
    expect(calls).toEqual([{ url: '/appointments/categories', method: 'GET', body: undefined }]);
    expect(data).toEqual({
      id: 'network',
      custom_categories: [
        { id: 'choir', label: 'Choir' },
        { id: 'garden', label: 'Garden' },
      ],
    });
  });

  it('PUTs the whole list with the removed ones marked _destroy, then answers the categories read again', async () => {
    const { api, calls } = recordingApiClient({ json: { position: 9 } }, answer({ id: 'garden', label: 'Gardening' }, { id: 'Repair café', label: 'Repair café' }));
    const previousData: CategoriesRecord = {
      id: 'network',
      custom_categories: [
        { id: 'choir', label: 'Choir' },
        { id: 'garden', label: 'Garden' },
      ],
    };
    const data: CategoriesRecord = { id: 'network', custom_categories: [{ id: 'garden', label: ' Gardening ' }, { label: 'Repair café' }] };
    const result = await createAppointmentCategoriesDataProvider(api).update<CategoriesRecord>('appointment-categories', { id: 'network', data, previousData });
    expect(calls).toEqual([
      {
        url: '/administration/appointment_categories',
        method: 'PUT',
        body: {
          custom_categories: [
            { id: 'garden', label: 'Gardening' },
            { label: 'Repair café' },
            { id: 'choir', label: 'Choir', _destroy: true },
          ],
        },
      },
      { url: '/appointments/categories', method: 'GET', body: undefined },
    ]);
    expect(result.data).toEqual({
      id: 'network',
      custom_categories: [
        { id: 'garden', label: 'Gardening' },
        { id: 'Repair café', label: 'Repair café' },
      ],
    });
  });

  it('refuses an answer that is not a list of categories', async () => {
    const { api } = recordingApiClient({ json: { categories: [{ id: 1 }] } });
    await expect(createAppointmentCategoriesDataProvider(api).getOne('appointment-categories', { id: 'network' })).rejects.toThrow();
  });
});
