/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import { screen } from '@testing-library/react';
import type { FactorsResponse } from '@cn/contracts';
import { fakeServer, renderPage } from '../testing/render';
import { TwoFactorPage } from './TwoFactorPage';

const answer = (overrides: Partial<FactorsResponse>): FactorsResponse => ({
  factors: [],
  removed_factors: [],
  two_factor: 'enabled',
  totp_available: true,
  email_available: true,
  backup_codes_left: 0,
  setup_required: false,
  ...overrides,
});

describe('removed two-factor factors on the member’s two-factor page', () => {
  it('says which factor an administrator reset and when, newest first, with what to do now', async () => {
    const server = fakeServer({
      'GET /api/v1/authentication/factors': {
        status: 200,
        body: answer({
          removed_factors: [
            { id: 'f2', type: 'totp', created_at: '2026-11-01T09:00:00.000Z', removed_at: '2026-12-01T10:00:00.000Z', removed_by: 'administrator', removed_by_name: null },
            { id: 'f1', type: 'email', created_at: '2026-10-01T09:00:00.000Z', removed_at: '2026-10-15T10:00:00.000Z', removed_by: 'member', removed_by_name: null },
          ],
        }),
      },
    });
    renderPage(<TwoFactorPage />, { url: '/two_factor', api: server.api });
    const section = await screen.findByTestId('two-factor-removed');
    expect(section.textContent).toContain('Removed factors');
    expect(screen.getByTestId('removed-factor-totp').textContent).toBe(`Authenticator app: reset by an administrator on ${new Date('2026-12-01T10:00:00.000Z').toLocaleString()}`);
    expect(screen.getByTestId('removed-factor-email').textContent).toContain('Code by email: deleted by you on');
    expect(screen.getByTestId('two-factor-reset-hint').textContent).toContain('An administrator reset your two-factor authentication');
    expect(section.textContent).not.toContain('two_factor.');
  });

  it('shows no reset hint once the member has a factor again, and no section without removals', async () => {
    const server = fakeServer({
      'GET /api/v1/authentication/factors': {
        status: 200,
        body: answer({
          factors: [{ id: 'f3', type: 'totp', created_at: '2026-12-02T09:00:00.000Z', last_used_at: null, deactivated: false }],
          removed_factors: [{ id: 'f2', type: 'totp', created_at: '2026-11-01T09:00:00.000Z', removed_at: '2026-12-01T10:00:00.000Z', removed_by: 'administrator', removed_by_name: null }],
        }),
      },
    });
    renderPage(<TwoFactorPage />, { url: '/two_factor', api: server.api });
    expect(await screen.findByTestId('removed-factor-totp')).toBeTruthy();
    expect(screen.queryByTestId('two-factor-reset-hint')).toBeNull();
  });
});
