/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import { ONBOARDING_PATH, TWO_FACTOR_SETUP_PATH } from '@cn/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { aNetworkResponse } from '../testing/fixtures';
import { fakeServer, renderPage } from '../testing/render';
import { useSession } from './SessionContext';

/** a page that says where it is, and how often it was shown */
let shown = 0;
const Here = ({ setup = false }: { setup?: boolean }) => {
  const { pathname } = useLocation();
  const { setTwoFactorSetupRequired } = useSession();
  shown += 1;
  useEffect(() => {
    if (setup) setTwoFactorSetupRequired(true);
  }, [setup, setTwoFactorSetupRequired]);
  return <p data-testid="here">{pathname}</p>;
};

describe('RequireMember', () => {
  beforeEach(() => {
    shown = 0;
  });

  it('keeps a newcomer who must set up a second factor on its setup, and sends them to onboarding only after it (no loop between the two)', async () => {
    const server = fakeServer({ 'GET /api/v1/network': { status: 200, body: aNetworkResponse({ member: { onboarding_pending: true } }) } });
    const { unmount } = renderPage(<Here setup />, {
      url: TWO_FACTOR_SETUP_PATH,
      api: server.api,
      others: { [ONBOARDING_PATH]: <Here setup />, '/activitystreams': <Here setup /> },
    });
    await waitFor(() => expect(screen.getByTestId('here').textContent).toBe(TWO_FACTOR_SETUP_PATH));
    // settles: before the fix the two redirects sent the member back and forth for ever
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.getByTestId('here').textContent).toBe(TWO_FACTOR_SETUP_PATH);
    expect(shown).toBeLessThan(10);
    unmount();
  });

  it('leaves a newcomer on the two-factor page once the factor exists (its backup codes are shown there), and sends them on from anywhere else', async () => {
    const server = fakeServer({ 'GET /api/v1/network': { status: 200, body: aNetworkResponse({ member: { onboarding_pending: true } }) } });
    renderPage(<Here />, { url: TWO_FACTOR_SETUP_PATH, api: server.api, others: { [ONBOARDING_PATH]: <Here /> } });
    await waitFor(() => expect(screen.getByTestId('here').textContent).toBe(TWO_FACTOR_SETUP_PATH));
  });

  it('sends a newcomer without a due second factor to onboarding', async () => {
    const server = fakeServer({ 'GET /api/v1/network': { status: 200, body: aNetworkResponse({ member: { onboarding_pending: true } }) } });
    renderPage(<Here />, { url: '/activitystreams', api: server.api, others: { [ONBOARDING_PATH]: <Here /> } });
    await waitFor(() => expect(screen.getByTestId('here').textContent).toBe(ONBOARDING_PATH));
  });
});
