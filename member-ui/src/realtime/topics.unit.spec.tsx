/** @jest-environment jsdom */
import '../appointments/jsdom-text-encoding.cjs';
import { act, screen, waitFor } from '@testing-library/react';
import { AppointmentDetailPage } from '../appointments/AppointmentDetailPage';
import { anAppointment } from '../testing/fixtures';
import { fakeChannel, fakeServer, renderPage } from '../testing/render';
import { createWatchedTopics, RECONNECTED } from './topics';

jest.mock('../appointments/appointments.css', () => ({}));

describe('the topics the open pages watch', () => {
  it('counts each page\'s interest and tells the channel when the set changes', () => {
    const topics = createWatchedTopics();
    const told: string[][] = [];
    topics.listen(() => told.push(topics.current()));
    const first = topics.watch('appointments');
    const second = topics.watch('appointments');
    const other = topics.watch('chat');
    expect(topics.current()).toEqual(['appointments', 'chat']);
    first();
    first();
    expect(topics.current()).toEqual(['appointments', 'chat']);
    second();
    other();
    expect(topics.current()).toEqual([]);
    expect(told).toEqual([['appointments'], ['appointments', 'chat'], ['chat'], []]);
  });

  it('an appointment page watches appointments while it is open', async () => {
    const server = fakeServer({ 'GET /appointments/a1': { status: 200, body: anAppointment() } });
    const channel = fakeChannel();
    const page = renderPage(<AppointmentDetailPage />, { url: '/appointments/a1', path: '/appointments/:id', api: server.api, channel });
    await screen.findByTestId('appointment-title');
    expect(channel.topics()).toEqual(['appointments']);
    page.unmount();
    expect(channel.topics()).toEqual([]);
  });

  it('reads the page again when the channel says which appointment changed, and after a reconnect', async () => {
    let name = 'Board meeting';
    const server = fakeServer({ 'GET /appointments/a1': () => ({ status: 200, body: anAppointment({ name }) }) });
    const channel = fakeChannel();
    renderPage(<AppointmentDetailPage />, { url: '/appointments/a1', path: '/appointments/:id', api: server.api, channel });
    expect((await screen.findByTestId('appointment-title')).textContent).toBe('Board meeting');

    name = 'Board meeting (moved)';
    act(() => channel.push({ collection: 'appointments', id: 'a1', doc: { position: 9 } }));
    await waitFor(() => expect(screen.getByTestId('appointment-title').textContent).toBe('Board meeting (moved)'));

    name = 'Board meeting (after a break)';
    act(() => channel.push({ collection: RECONNECTED, id: '', doc: null }));
    await waitFor(() => expect(screen.getByTestId('appointment-title').textContent).toBe('Board meeting (after a break)'));
    expect(server.callsTo('GET', '/appointments/a1')).toHaveLength(3);
  });
});
