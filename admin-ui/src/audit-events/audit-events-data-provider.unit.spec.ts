import { recordingApiClient } from '../api/testing/recording-api-client';
import { createAuditEventsDataProvider } from './audit-events-data-provider';

describe('the audit events data provider', () => {
  it('lists GET /administration/audit-events the simple-rest way and takes the total from Content-Range', async () => {
    const events = [
      { id: '12', type: 'NetworkSettingsChanged' },
      { id: '11', type: 'MemberRegistered' },
    ];
    const { api, calls } = recordingApiClient({ json: events, headers: { 'Content-Range': 'audit-events 0-1/37' } });
    const result = await createAuditEventsDataProvider(api).getList('audit-events', {
      pagination: { page: 2, perPage: 2 },
      sort: { field: 'position', order: 'DESC' },
      filter: { type: 'NetworkSettingsChanged' },
    });
    expect(calls).toHaveLength(1);
    const url = new URL(calls[0]?.url ?? '', 'http://console');
    expect(calls[0]?.method).toBe('GET');
    expect(url.pathname).toBe('/administration/audit-events');
    expect(JSON.parse(url.searchParams.get('sort') ?? 'null')).toEqual(['position', 'DESC']);
    expect(JSON.parse(url.searchParams.get('range') ?? 'null')).toEqual([2, 3]);
    expect(JSON.parse(url.searchParams.get('filter') ?? 'null')).toEqual({ type: 'NetworkSettingsChanged' });
    expect(result).toEqual({ data: events, total: 37 });
  });
});
