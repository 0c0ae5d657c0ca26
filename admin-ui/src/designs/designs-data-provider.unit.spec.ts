import { designRequestSchema } from '@cn/contracts';
import { recordingApiClient } from '../api/testing/recording-api-client';
import { createDesignsDataProvider } from './designs-data-provider';

const winter = {
  id: 'd1',
  scope_type: 'network',
  scope_id: 'network',
  name: 'Winter',
  primary_color: '#123456',
  primary_text_color: '#ffffff',
  background_color: '#fafafa',
  logo_url: null,
  active: true,
  updated_at: '2026-12-06T10:00:00.000Z',
};

describe('the designs data provider', () => {
  it('creates with POST and only the design’s fields, an empty logo as none, and answers the new id', async () => {
    const { api, calls } = recordingApiClient({ json: { id: 'd2', position: 3 }, status: 201 });
    const result = await createDesignsDataProvider(api).create('designs', { data: { name: 'Spring', primary_color: '#00ff00', primary_text_color: '#000000', background_color: '#ffffff', logo_url: '  ' } });
    expect(calls).toEqual([
      { url: '/administration/designs', method: 'POST', body: { name: 'Spring', primary_color: '#00ff00', primary_text_color: '#000000', background_color: '#ffffff', logo_url: null } },
    ]);
    expect(result.data).toMatchObject({ id: 'd2', active: false });
  });

  it('edits with PUT, never sending the scope, the active flag or the dates', async () => {
    const { api, calls } = recordingApiClient({ json: { position: 4 } });
    await createDesignsDataProvider(api).update('designs', { id: 'd1', data: { ...winter, name: 'Deep winter', logo_url: '/api/storage/images/l/get/small' }, previousData: winter });
    expect(calls).toEqual([
      {
        url: '/administration/designs/d1',
        method: 'PUT',
        body: { name: 'Deep winter', primary_color: '#123456', primary_text_color: '#ffffff', background_color: '#fafafa', logo_url: '/api/storage/images/l/get/small' },
      },
    ]);
  });

  it('activates and switches off with PUT …/activate, and deletes with DELETE', async () => {
    const { api, calls } = recordingApiClient({ json: { position: 5 } }, { json: { position: 6 } }, { json: { position: 7 } });
    const provider = createDesignsDataProvider(api);
    await provider.activateDesign('designs', { id: 'd1', active: true });
    await provider.activateDesign('designs', { id: 'd1', active: false });
    await provider.delete('designs', { id: 'd1', previousData: winter });
    expect(calls).toEqual([
      { url: '/administration/designs/d1/activate', method: 'PUT', body: { active: true } },
      { url: '/administration/designs/d1/activate', method: 'PUT', body: { active: false } },
      { url: '/administration/designs/d1', method: 'DELETE', body: undefined },
    ]);
  });

  it("uploads a logo as the designer's own file and answers the storage path the design keeps", async () => {
    const recording = recordingApiClient({ json: { id: 'f-logo', name: 'logo.png', size: 68, extension: 'png' }, status: 201 });
    const provider = createDesignsDataProvider(recording.api);
    const path = await provider.uploadDesignLogo('designs', { file: new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' }) });
    expect(path).toBe('/api/storage/files/f-logo/get/logo');
    expect(designRequestSchema.safeParse({ name: 'Logo', primary_color: '#000000', primary_text_color: '#ffffff', background_color: '#ffffff', logo_url: path }).success).toBe(true);
    expect(recording.calls.map(({ url, method }) => ({ url, method }))).toEqual([{ url: '/api/storage/files', method: 'POST' }]);
  });
});
