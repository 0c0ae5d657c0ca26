import { recordingApiClient } from '../api/testing/recording-api-client';
import { createChangeRequestsDataProvider } from './change-requests-data-provider';

describe('the change requests data provider', () => {
  it('answers a request by posting to its accept or reject path', async () => {
    const { api, calls } = recordingApiClient({ json: { position: 9 } }, { json: { position: 10 } });
    const provider = createChangeRequestsDataProvider(api);
    expect(await provider.answer('change_requests', { id: 'c 1', accept: true })).toEqual({ data: { position: 9 } });
    await provider.answer('change_requests', { id: 'c2', accept: false });
    expect(calls.map(({ url, method }) => ({ url, method }))).toEqual([
      { url: '/administration/change_requests/c%201/accept', method: 'POST' },
      { url: '/administration/change_requests/c2/reject', method: 'POST' },
    ]);
  });
});
