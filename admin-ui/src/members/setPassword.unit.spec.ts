import { HttpError } from 'ra-core';
import type { ApiClient } from '../api/apiClient';
import { createDataProvider } from '../dataProvider';
import { toFormHttpError } from '../api/serverErrors';
import { germanAppMessages } from '../i18n/de';
import { setPasswordError, setPasswordRefusal } from './setPassword';

describe('setting a member password', () => {
  it('checks presence, the minimum length and the member’s own address before sending', () => {
    expect(setPasswordError('', 'max@example.org')).toBe('required');
    expect(setPasswordError('kurz', 'max@example.org')).toBe('password_too_short');
    expect(setPasswordError('MAX@example.org', 'max@example.org')).toBe('password_matches_email');
    expect(setPasswordError('a long new password', 'max@example.org')).toBeNull();
  });

  it('puts the server’s refusal on the password field and anything else on the form', () => {
    const refused = (status: number, error: string, errors: Array<{ field: string; key: string }>) =>
      toFormHttpError(new HttpError('refused', status, { statusCode: status, error, errors }));
    expect(setPasswordRefusal(refused(422, 'password_too_common', [{ field: 'user.password', key: 'password_too_common' }]))).toEqual({
      field: 'password_too_common',
      general: null,
    });
    expect(setPasswordRefusal(refused(404, 'not_found', []))).toEqual({ field: null, general: 'not_found' });
    expect(setPasswordRefusal(new Error('offline'))).toEqual({ field: null, general: 'generic_error' });
  });

  it('sends PUT /administration/members/{id} with { user: { password } } and keeps the password out of the record', async () => {
    const httpClient = jest.fn((_url: string, _options?: object) => Promise.resolve({ status: 200, headers: new Headers(), body: '', json: { position: 3 } }));
    const api = { httpClient, network: jest.fn(), forgetSession: jest.fn(), lastPosition: () => null } as unknown as ApiClient;
    const previousData = { id: 'm 1', name: 'Max Member' };
    const result = await createDataProvider(api).update('members', { id: 'm 1', data: { password: 'a long new password' }, previousData });
    expect(httpClient).toHaveBeenCalledWith('/administration/members/m%201', { method: 'PUT', body: JSON.stringify({ user: { password: 'a long new password' } }) });
    expect(result.data).toEqual(previousData);
  });

  it('names the minimum in the German texts, with no placeholder left to fill', () => {
    expect(germanAppMessages.cn.errors.password_too_short).toBe('Das Passwort muss mindestens 8 Zeichen lang sein.');
    expect(germanAppMessages.resources.members.set_password.rules).toContain('Mindestens 8 Zeichen');
  });
});
