/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import type { MemberSubscriptionsResponse, SubscriptionEntry } from '@cn/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeServer, renderPage, type Answer } from '../testing/render';
import { SubscriptionsList } from './SubscriptionsList';

const entry = (type: SubscriptionEntry['type'], slug: string, subscribed: boolean, subscribe = true): SubscriptionEntry => ({
  type,
  id: slug,
  slug,
  name: slug.toUpperCase(),
  subscribed,
  can: { subscribe },
});

describe('the subscriptions on the settings page', () => {
  it('shows each group and channel with its state, toggles it with its own command, and follows a pushed change', async () => {
    let answer: MemberSubscriptionsResponse = { subscriptions: [entry('group', 'choir', false), entry('channel', 'garden', true), entry('group', 'locked', false, false)] };
    const server = fakeServer({
      'GET /members/m1/subscriptions': (): Answer => ({ status: 200, body: answer }),
      'POST /groups/choir/subscribe': (): Answer => {
        answer = { subscriptions: [entry('group', 'choir', true), ...answer.subscriptions.slice(1)] };
        return { status: 200, body: { position: 5 }, position: 5 };
      },
    });
    const { channel } = renderPage(<SubscriptionsList memberId="m1" />, { url: '/members/m1/settings/edit', api: server.api });
    const choir = await screen.findByTestId('subscription-toggle-group-choir');
    expect(choir.textContent).toBe('Subscribe');
    expect(screen.getByTestId('subscription-group-choir').textContent).toContain('CHOIR (group)');
    expect(screen.getByTestId('subscription-toggle-channel-garden').textContent).toBe('Unsubscribe');
    // no flag, no button: the command would refuse it
    expect(screen.queryByTestId('subscription-toggle-group-locked')).toBeNull();
    expect(screen.getByTestId('subscription-group-locked').textContent).toContain('LOCKED');

    fireEvent.click(choir);
    await waitFor(() => expect(screen.getByTestId('subscription-toggle-group-choir').textContent).toBe('Unsubscribe'));
    expect(server.callsTo('POST', '/groups/choir/subscribe')).toHaveLength(1);

    // unsubscribed from the channel in another tab: the channel's change is pushed, the list reads again
    answer = { subscriptions: [answer.subscriptions[0], entry('channel', 'garden', false), answer.subscriptions[2]] };
    act(() => channel.push({ collection: 'channels', id: 'garden', doc: { position: 6 } }));
    await waitFor(() => expect(screen.getByTestId('subscription-toggle-channel-garden').textContent).toBe('Subscribe'));
  });

  it('says so when there is nothing to subscribe to', async () => {
    const server = fakeServer({ 'GET /members/m1/subscriptions': { status: 200, body: { subscriptions: [] } } });
    renderPage(<SubscriptionsList memberId="m1" />, { url: '/members/m1/settings/edit', api: server.api });
    expect((await screen.findByTestId('settings-subscriptions')).textContent).toContain('What I subscribed to');
    await screen.findByText('No groups or channels to subscribe to yet.');
  });
});
