/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import { screen } from '@testing-library/react';
import { useEffect } from 'react';
import type { FactorsResponse } from '@cn/contracts';
import { useSession } from '../session/SessionContext';
import { fakeServer, renderPage } from '../testing/render';
import { TwoFactorPage } from './TwoFactorPage';

/** any page of the console: it reads something the server refuses until a factor is set up */
const SomePage = () => {
  const { api } = useSession();
  useEffect(() => {
    api.request('GET', '/api/v1/unreads').catch(() => undefined);
  }, [api]);
  return <p data-testid="some-page">unreads</p>;
};

const factors = (overrides: Partial<FactorsResponse>): FactorsResponse => ({
  factors: [],
  removed_factors: [],
  two_factor: 'enforced',
  totp_available: true,
  email_available: true,
  backup_codes_left: 0,
  setup_required: true,
  ...overrides,
});

describe('two-factor enforced by the server, in the member console', () => {
  it('sends a member the server refuses (two_factor_required) to the setup screen, which says what to do with a deactivated factor', async () => {
    const server = fakeServer({
      'GET /api/v1/unreads': { status: 403, body: { statusCode: 403, error: 'two_factor_required', errors: [] } },
      'GET /api/v1/authentication/factors': {
        status: 200,
        body: factors({
          totp_available: false,
          factors: [{ id: 'f1', type: 'totp', created_at: '2026-01-01T00:00:00.000Z', last_used_at: null, deactivated: true }],
        }),
      },
    });
    renderPage(<SomePage />, { url: '/somewhere', api: server.api, others: { '/two_factor': <TwoFactorPage /> } });
    expect(await screen.findByTestId('two-factor-page')).toBeTruthy();
    expect(screen.queryByTestId('some-page')).toBeNull();
    expect((await screen.findByTestId('two-factor-enforced')).textContent).toContain('requires two-factor authentication');
    expect(screen.getByTestId('factor-deactivated').textContent).toBe('deactivated');
    expect(screen.getByTestId('two-factor-deactivated-hint').textContent).toContain('no longer allows this method');
    // a deactivated factor offers no new backup codes; the mail method it may still add is offered
    expect(screen.queryByTestId('reset-backup-codes')).toBeNull();
    expect(screen.getByTestId('add-email')).toBeTruthy();
  });

  it('leaves a member with an allowed factor where they are', async () => {
    const server = fakeServer({ 'GET /api/v1/unreads': { status: 200, body: {} } });
    renderPage(<SomePage />, { url: '/somewhere', api: server.api, others: { '/two_factor': <TwoFactorPage /> } });
    expect(await screen.findByTestId('some-page')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('two-factor-page')).toBeNull();
  });
});
