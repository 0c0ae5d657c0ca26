import { HttpError } from 'ra-core';
import { recordingApiClient } from '../api/testing/recording-api-client';
import { createMembersDataProvider } from './members-data-provider';

describe('the members data provider', () => {
  it('posts a new member in the user envelope and answers the id the server gave it', async () => {
    const { api, calls } = recordingApiClient({ json: { member: { id: 'm-7' }, position: 3 } });
    const result = await createMembersDataProvider(api).create('members', {
      data: { email: ' new@example.org ', password: 'a long password', profile_id: 'p1', first_name: 'Ada', last_name: '' },
    });
    expect(calls).toEqual([
      {
        url: '/administration/members',
        method: 'POST',
        body: { user: { email: 'new@example.org', password: 'a long password', send_welcome_mail: false, profile_id: 'p1', first_name: 'Ada' } },
      },
    ]);
    expect(result.data).toEqual({ id: 'm-7', email: 'new@example.org', send_welcome_mail: false, profile_id: 'p1' });
  });

  it('takes the address as the id when the answer names none', async () => {
    const { api } = recordingApiClient({ json: { position: 4 } });
    const result = await createMembersDataProvider(api).create('members', { data: { email: 'x@example.org', send_welcome_mail: true } });
    expect(result.data).toEqual({ id: 'x@example.org', email: 'x@example.org', send_welcome_mail: true, profile_id: null });
  });

  it('names the refused fields as the form does, without the user envelope', async () => {
    const refusal = new HttpError('cn.errors.validation_failed', 400, {
      statusCode: 400,
      error: 'validation_failed',
      fieldErrors: [
        { field: 'user.email', key: 'taken' },
        { field: 'profile_id', key: 'not_found' },
      ],
    });
    const { api } = recordingApiClient(refusal);
    const failure: unknown = await createMembersDataProvider(api)
      .create('members', { data: { email: 'taken@example.org', password: 'a long password' } })
      .then(() => null, (error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).not.toBe(refusal);
    const { status, body } = failure instanceof HttpError ? failure : new HttpError('', 0, null);
    expect(status).toBe(400);
    expect(body).toEqual({
      statusCode: 400,
      error: 'validation_failed',
      fieldErrors: [
        { field: 'email', key: 'taken' },
        { field: 'profile_id', key: 'not_found' },
      ],
      errors: { email: 'cn.errors.taken', profile_id: 'cn.errors.not_found' },
    });
  });

  it('sets a password with PUT /administration/members/{id} and keeps it out of the record', async () => {
    const { api, calls } = recordingApiClient({ json: { position: 5 } });
    const previousData = { id: 'm/1', name: 'Max Member' };
    const result = await createMembersDataProvider(api).update('members', { id: 'm/1', data: { password: 'a long new password' }, previousData });
    expect(calls).toEqual([{ url: '/administration/members/m%2F1', method: 'PUT', body: { user: { password: 'a long new password' } } }]);
    expect(result.data).toEqual(previousData);
  });

  it('erases with DELETE /administration/members/{id} and answers the record marked deleted', async () => {
    const { api, calls } = recordingApiClient({});
    const result = await createMembersDataProvider(api).delete('members', { id: 'm2', previousData: { id: 'm2', name: 'Bea' } });
    expect(calls).toEqual([{ url: '/administration/members/m2', method: 'DELETE', body: undefined }]);
    expect(result.data).toEqual({ id: 'm2', name: 'Bea', deleted: true });
  });

  it('lists the simple-rest way, the total from Content-Range', async () => {
    const members = [{ id: 'm1', name: 'Ada' }];
    const { api, calls } = recordingApiClient({ json: members, headers: { 'Content-Range': 'members 0-0/1' } });
    const result = await createMembersDataProvider(api).getList('members', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'name', order: 'ASC' },
      filter: {},
    });
    expect(calls.map((call) => `${call.method} ${decodeURIComponent(call.url)}`)).toEqual([
      'GET /administration/members?filter={}&range=[0,24]&sort=["name","ASC"]',
    ]);
    expect(result).toEqual({ data: members, total: 1 });
  });
});
