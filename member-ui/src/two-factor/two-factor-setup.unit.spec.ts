import { QueryClient } from '@tanstack/react-query';
import { createApiClient, TWO_FACTOR_REQUIRED } from '../api/client';
import { directoryKeys } from '../directory/directory-queries';
import { FACTORS_QUERY_KEY, twoFactorLive } from './two-factor-api';
import { membershipRolesLive } from '../membership-roles/membership-roles-live';

const answering = (status: number, body: unknown): typeof fetch => () => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

describe('the console and the server-side two-factor setup', () => {
  it('tells the session when the server refuses a route until a factor is set up, and only then', async () => {
    const refused = createApiClient(answering(403, { statusCode: 403, error: TWO_FACTOR_REQUIRED, errors: [] }));
    const heard: string[] = [];
    const stop = refused.onTwoFactorSetupRequired(() => heard.push('setup'));
    await expect(refused.request('GET', '/api/v1/unreads')).rejects.toMatchObject({ status: 403 });
    expect(heard).toEqual(['setup']);
    stop();
    await expect(refused.request('GET', '/api/v1/unreads')).rejects.toMatchObject({ status: 403 });
    expect(heard).toEqual(['setup']);

    const forbidden = createApiClient(answering(403, { statusCode: 403, error: 'forbidden', errors: [] }));
    forbidden.onTwoFactorSetupRequired(() => heard.push('wrong'));
    await expect(forbidden.request('GET', '/administration/settings')).rejects.toMatchObject({ status: 403 });
    expect(heard).toEqual(['setup']);
  });

  it('reads the factors again when the network settings change (a method switched off deactivates factors)', () => {
    const client = new QueryClient();
    client.setQueryData(FACTORS_QUERY_KEY, { factors: [] });
    twoFactorLive({ type: 'changed', collection: 'network', id: 'default', doc: { position: 9 } }, client);
    expect(client.getQueryState(FACTORS_QUERY_KEY)?.isInvalidated).toBe(true);
  });

  it('reads the directory again when a membership role changes, and not for other collections', () => {
    const client = new QueryClient();
    const key = directoryKeys.members({ q: '', page: 1 });
    client.setQueryData(key, { entries: [] });
    membershipRolesLive({ type: 'changed', collection: 'legal_texts', id: 'x', doc: { position: 1 } }, client);
    expect(client.getQueryState(key)?.isInvalidated).toBe(false);
    membershipRolesLive({ type: 'changed', collection: 'membership_roles', id: 'r1', doc: { position: 2 } }, client);
    expect(client.getQueryState(key)?.isInvalidated).toBe(true);
  });
});
