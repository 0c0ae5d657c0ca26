/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import { act, render, screen } from '@testing-library/react';
import { aNetworkResponse } from '../testing/fixtures';
import { fakeChannel, fakeServer } from '../testing/render';
import { SessionProvider, useSession } from './SessionContext';

const Who = () => {
  const { state, twoFactorSetupRequired } = useSession();
  if (state.phase === 'loading') return <p>loading</p>;
  if (state.phase === 'failed') return <p>{`failed ${twoFactorSetupRequired ? 'setup' : ''}`.trim()}</p>;
  return <p>{`${state.member?.displayName ?? 'signed out'} ${twoFactorSetupRequired ? 'setup' : ''}`.trim()}</p>;
};

describe('the session takes the network answer main.tsx asked for before the strings had loaded', () => {
  it('shows the member of that answer without asking the server a second time', async () => {
    const server = fakeServer({});
    const firstNetwork = server.api.network();
    render(
      <SessionProvider api={server.api} openChannel={fakeChannel().open} firstNetwork={firstNetwork}>
        <Who />
      </SessionProvider>,
    );
    expect(await screen.findByText(aNetworkResponse().current_member?.displayName ?? '', {}, { timeout: 5000 })).toBeTruthy();
    expect(server.callsTo('GET', '/api/v1/network')).toHaveLength(1);
  });

  it('renders the member of an answer main.tsx already holds on its first render, and asks the server again on the next load', async () => {
    const server = fakeServer({});
    const firstNetwork = server.api.network();
    const firstAnswer = await firstNetwork;
    let reload: (() => Promise<void>) | undefined;
    const Reloading = () => {
      reload = useSession().reload;
      return null;
    };
    render(
      <SessionProvider api={server.api} openChannel={fakeChannel().open} firstNetwork={firstNetwork} firstAnswer={firstAnswer}>
        <Who />
        <Reloading />
      </SessionProvider>,
    );
    // no boot render in between: the first render shows the member
    expect(screen.getByText(aNetworkResponse().current_member?.displayName ?? '')).toBeTruthy();
    expect(server.callsTo('GET', '/api/v1/network')).toHaveLength(1);

    // a later load (after a reconnect) reads the session anew instead of the answer held at the start
    await act(async () => {
      await reload?.();
    });
    expect(server.callsTo('GET', '/api/v1/network')).toHaveLength(2);
  });

  it('a refusal it already holds still marks a second factor as due', async () => {
    const server = fakeServer({
      'GET /api/v1/network': { status: 403, body: { statusCode: 403, error: 'two_factor_required', errors: [] } },
    });
    const firstNetwork = server.api.network();
    firstNetwork.catch(() => undefined);
    // the refusal arrives before the session listens to the client
    await firstNetwork.catch(() => undefined);
    render(
      <SessionProvider api={server.api} openChannel={fakeChannel().open} firstNetwork={firstNetwork}>
        <Who />
      </SessionProvider>,
    );
    expect(await screen.findByText(/failed/, {}, { timeout: 5000 })).toBeTruthy();
    expect(server.callsTo('GET', '/api/v1/network')).toHaveLength(1);
    // the setup flag is what RequireMember reads to keep the member on the setup screen
    expect(screen.getByText(/failed/).textContent).toBe('failed setup');
  });
});
