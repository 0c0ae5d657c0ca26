import WebSocket from 'ws';
import { appointmentFieldsSchema, appointmentStream, calendarStream, DEFAULT_NETWORK_SETTINGS, memberStream } from '@cn/contracts';
import { networkStreamId, startHarness, type Harness } from '../__tests__/harness';
import { eventually } from '@cn/platform/testing';
import type { RealtimeMessage } from './realtime-hub';

/**
 * collects the messages of one socket and waits for those that match; `topics` are watched (and the
 * watch answered) before it is handed over; `frames: 'batch'` asks for batched frames, each unpacked
 */
const connect = async (h: Harness, cookie?: string, { topics, frames }: { topics?: string[]; frames?: 'batch' } = {}) => {
  const ws = new WebSocket(`ws://127.0.0.1:${h.port}/api/realtime${frames ? `?frames=${frames}` : ''}`, { headers: cookie ? { Cookie: cookie } : {} });
  const received: RealtimeMessage[] = [];
  const frameSizes: number[] = [];
  ws.on('message', (raw: Buffer) => {
    const frame = JSON.parse(raw.toString('utf8')) as RealtimeMessage | { type: 'batch'; messages: RealtimeMessage[] };
    const messages = frame.type === 'batch' ? frame.messages : [frame];
    frameSizes.push(messages.length);
    received.push(...messages);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  if (topics) {
    ws.send(JSON.stringify({ type: 'watch', topics }));
    await eventually(() => received.some((m) => (m as unknown as { type: string }).type === 'watching'));
  }
  const next = (match: (m: RealtimeMessage) => boolean, timeoutMs = 3000): Promise<RealtimeMessage> =>
    eventually(() => {
      const found = received.find(match);
      if (!found) throw new Error(`no matching message in ${JSON.stringify(received)}`);
      return found;
    }, timeoutMs);
  return { ws, received, next, frameSizes };
};

const waitForConnections = async (h: Harness, count: number): Promise<void> => {
  await eventually(() => h.service.runtime.hub.connectionCount() >= count, 5000, 10);
};

describe('realtime channel', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
    await h.register('admin', 'Ada', 'Admin', { network_admin: true });
    await h.register('bob', 'Bob', 'Baker');
    const head = await h.register('cat', 'Cat', 'Cole');
    await h.service.runtime.gate.waitFor(head, 3000);
  });
  afterAll(() => h.close());

  it('refuses an upgrade without a session with 401', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${h.port}/api/realtime`);
    const status = await new Promise<number>((resolve) => {
      ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.once('error', () => resolve(-1));
    });
    expect(status).toBe(401);
  });

  it('pushes presence changes, an invisible member as offline to others', async () => {
    const bob = await connect(h, h.cookie('bob'), { topics: ['members'] });
    const cat = await connect(h, h.cookie('cat'));
    await waitForConnections(h, 2);
    // cat's console opening is news to bob already: cat is online
    await bob.next((m) => m.collection === 'members' && m.id === 'cat' && (m.doc as { status?: { type: string } }).status?.type === 'online');
    await h.service.runtime.realtimeFlushed();
    const before = bob.received.filter((m) => m.id === 'cat').length;

    await h.append(memberStream('cat'), 'MemberPresenceChanged', { member_id: 'cat', type: 'busy', text: 'focus' }, 'cat');
    const busy = await bob.next((m) => m.collection === 'members' && m.id === 'cat' && (m.doc as { status?: { type: string } }).status?.type === 'busy');
    expect(busy).toMatchObject({ type: 'changed', doc: { id: 'cat', status: { type: 'busy', text: 'focus' } } });

    await h.append(memberStream('cat'), 'MemberPresenceChanged', { member_id: 'cat', type: 'invisible', text: 'focus' }, 'cat');
    const own = await cat.next((m) => m.collection === 'members' && (m.doc as { status?: { type: string } }).status?.type === 'invisible');
    expect(own.id).toBe('cat');
    await h.service.runtime.realtimeFlushed();
    const seenByBob = bob.received.filter((m) => m.id === 'cat').slice(before);
    expect(seenByBob).toHaveLength(2);
    expect((seenByBob[1]?.doc as { status?: unknown }).status).toBeUndefined();

    // a change others cannot see is not pushed to them
    await h.append(memberStream('cat'), 'MemberPresenceChanged', { member_id: 'cat', type: 'invisible', text: 'still away' }, 'cat');
    await cat.next((m) => (m.doc as { status?: { text: string } }).status?.text === 'still away');
    await h.service.runtime.realtimeFlushed();
    expect(bob.received.filter((m) => m.id === 'cat').slice(before)).toHaveLength(2);
    bob.ws.close();
    cat.ws.close();
  });

  it("pushes a member's change to each viewer as their roles let them see it: the email and edit rights to admins and the member, invites by the viewer's kind", async () => {
    await h.service.runtime.gate.waitFor(await h.register('erin', 'Erin', 'Extern', { external: true }), 3000);
    const members = { topics: ['members'] };
    // cat's own console shows no members: its own change reaches it all the same
    const viewers = { admin: await connect(h, h.cookie('admin'), members), bob: await connect(h, h.cookie('bob'), members), erin: await connect(h, h.cookie('erin'), members), cat: await connect(h, h.cookie('cat')) };
    await waitForConnections(h, 4);
    await h.service.runtime.realtimeFlushed();
    await h.append(memberStream('cat'), 'MemberPresenceChanged', { member_id: 'cat', type: 'busy', text: 'seen by role' }, 'cat');
    const seen = async (viewer: keyof typeof viewers) =>
      (await viewers[viewer].next((m) => m.collection === 'members' && m.id === 'cat' && (m.doc as { status?: { text: string } }).status?.text === 'seen by role')).doc as {
        email?: string;
        can: { update_profile: boolean; ignore: boolean; invite_internal: boolean; invite_external: boolean };
      };
    const [admin, bob, erin, cat] = [await seen('admin'), await seen('bob'), await seen('erin'), await seen('cat')];
    expect(admin.email).toBe('cat@example.org');
    expect(admin.can).toMatchObject({ update_profile: true, ignore: true, invite_internal: true });
    expect(bob.email).toBeUndefined();
    expect(bob.can).toMatchObject({ update_profile: false, ignore: true, invite_internal: true });
    expect(erin.email).toBeUndefined();
    expect(erin.can).toMatchObject({ update_profile: false, ignore: true, invite_internal: false, invite_external: false });
    expect(cat.email).toBe('cat@example.org');
    expect(cat.can).toMatchObject({ update_profile: true, ignore: false });
    for (const viewer of Object.values(viewers)) viewer.ws.close();
  });

  it("pushes a member's change to the consoles whose pages show members and to the member's own, not to other pages", async () => {
    const directory = await connect(h, h.cookie('bob'), { topics: ['members'] });
    const bobElsewhere = await connect(h, h.cookie('bob'), { topics: ['activities'] });
    const admin = await connect(h, h.cookie('admin'));
    const own = await connect(h, h.cookie('cat'), { topics: ['appointments'] });
    await waitForConnections(h, 4);
    await h.service.runtime.realtimeFlushed();
    await h.append(memberStream('cat'), 'MemberPresenceChanged', { member_id: 'cat', type: 'busy', text: 'routed' }, 'cat');
    const routed = (m: RealtimeMessage) => m.collection === 'members' && m.id === 'cat' && (m.doc as { status?: { text: string } }).status?.text === 'routed';
    await directory.next(routed);
    await own.next(routed);
    await h.service.runtime.realtimeFlushed();
    expect(bobElsewhere.received.some((m) => m.collection === 'members' && m.id === 'cat')).toBe(false);
    expect(admin.received.some((m) => m.collection === 'members' && m.id === 'cat')).toBe(false);
    for (const socket of [directory, bobElsewhere, admin, own]) socket.ws.close();
  });

  it('announces a console coming online to the consoles watching members only, not to every open one', async () => {
    await h.service.runtime.gate.waitFor(await h.register('dan', 'Dan', 'Dale'), 3000);
    const watcher = await connect(h, h.cookie('bob'), { topics: ['members'] });
    const others = [await connect(h, h.cookie('admin'), { topics: ['activities', 'widgetbars'] }), await connect(h, h.cookie('erin'))];
    await waitForConnections(h, 3);
    await h.service.runtime.realtimeFlushed();
    const dan = await connect(h, h.cookie('dan'));
    const danOnline = (m: RealtimeMessage) => m.collection === 'members' && m.id === 'dan' && (m.doc as { status?: { type: string } }).status?.type === 'online';
    await watcher.next(danOnline);
    await dan.next(danOnline);
    await h.service.runtime.realtimeFlushed();
    for (const other of others) expect(other.received.some((m) => m.collection === 'members' && m.id === 'dan')).toBe(false);
    for (const socket of [watcher, ...others, dan]) socket.ws.close();
  });

  it('sends a console that asks for batched frames its changes in them, in order, and one that does not one frame per change', async () => {
    const batched = await connect(h, h.cookie('bob'), { topics: ['members'], frames: 'batch' });
    const single = await connect(h, h.cookie('admin'), { topics: ['members'] });
    await waitForConnections(h, 2);
    await h.service.runtime.realtimeFlushed();
    const texts = ['one', 'two', 'three'];
    for (const text of texts) await h.append(memberStream('cat'), 'MemberPresenceChanged', { member_id: 'cat', type: 'busy', text }, 'cat');
    const last = (m: RealtimeMessage) => m.collection === 'members' && m.id === 'cat' && (m.doc as { status?: { text: string } }).status?.text === 'three';
    await batched.next(last);
    await single.next(last);
    // whatever a tick superseded was dropped; what came arrived in the order it was pushed
    const seenTexts = (socket: { received: RealtimeMessage[] }) =>
      socket.received.filter((m) => m.collection === 'members' && m.id === 'cat').map((m) => (m.doc as { status?: { text: string } }).status?.text).filter((text) => text !== undefined && texts.includes(text));
    for (const socket of [batched, single]) expect(seenTexts(socket)).toEqual(texts.filter((text) => seenTexts(socket).includes(text)));
    expect(single.frameSizes.every((size) => size === 1)).toBe(true);
    batched.ws.close();
    single.ws.close();
  });

  it('pushes network changes to everyone and the settings to admins only', async () => {
    const bob = await connect(h, h.cookie('bob'));
    const admin = await connect(h, h.cookie('admin'));
    await waitForConnections(h, 2);
    await h.append(
      networkStreamId,
      'NetworkBasicSettingsChanged',
      { network_id: 'default', basic: { ...DEFAULT_NETWORK_SETTINGS.basic, name: 'Live' }, changed_fields: ['name'] },
      'admin',
    );
    expect(await bob.next((m) => m.collection === 'network')).toMatchObject({ doc: { name: 'Live' } });
    expect(await admin.next((m) => m.collection === 'settings')).toMatchObject({ doc: { basic: { name: 'Live' } } });
    await h.service.runtime.realtimeFlushed();
    expect(bob.received.some((m) => m.collection === 'settings')).toBe(false);
    bob.ws.close();
    admin.ws.close();
  });

  it("answers a watch that adds topics with the read models' position, and every query with the position it was read at", async () => {
    const bob = await connect(h, h.cookie('bob'));
    const raw = (socket: { ws: WebSocket }, message: unknown) => socket.ws.send(JSON.stringify(message));
    const watching = () => bob.received.filter((m) => (m as unknown as { type: string }).type === 'watching') as unknown as Array<{ topics: string[]; position: number }>;
    // the first watch, even of nothing, is answered: the reads before the socket opened compare with it
    raw(bob, { type: 'watch', topics: [] });
    await eventually(() => watching().length === 1);
    expect(watching()[0]).toEqual({ type: 'watching', topics: [], position: h.service.runtime.gate.position?.() });
    const head = await h.append(memberStream('bob'), 'MemberPresenceChanged', { member_id: 'bob', type: 'busy', text: 'reading' }, 'bob');
    expect(await h.service.runtime.gate.waitFor(head, 3000)).toBe(true);
    raw(bob, { type: 'watch', topics: ['appointments'] });
    await eventually(() => watching().length === 2);
    expect(watching()[1]).toEqual({ type: 'watching', topics: ['appointments'], position: head });
    // the same topics again, or fewer, add nothing: no answer
    raw(bob, { type: 'watch', topics: ['appointments'] });
    raw(bob, { type: 'watch', topics: [] });
    raw(bob, { type: 'watch', topics: ['calendars'] });
    await eventually(() => watching().length === 3);
    expect(watching()[2].topics).toEqual(['calendars']);
    bob.ws.close();

    const answer = await fetch(`http://127.0.0.1:${h.port}/members/bob`, { headers: { Cookie: h.cookie('bob') } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-read-position')).toBe(String(head));
  });

  describe('appointments', () => {
    const start = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 1, 2, 9));
    const appointment = (id: string, calendarId: string) =>
      h.append(
        appointmentStream(id),
        'AppointmentCreated',
        {
          appointment_id: id,
          author_id: 'admin',
          appointment: appointmentFieldsSchema.parse({
            name: 'Live',
            calendar_ids: [calendarId],
            date: { start: start.toISOString(), end: new Date(start.getTime() + 3_600_000).toISOString(), all_day: false, time_zone: 'Europe/Berlin' },
          }),
        },
        'admin',
      );
    const watch = (socket: { ws: WebSocket }, topics: unknown) => socket.ws.send(JSON.stringify({ type: 'watch', topics }));

    beforeAll(async () => {
      await h.append(calendarStream('net'), 'CalendarCreated', { calendar_id: 'net', name: 'Network', color: '1976d2', type: 'network', parent_id: null, author_id: 'admin' }, 'admin');
      const head = await h.append(calendarStream('own'), 'CalendarCreated', { calendar_id: 'own', name: 'Admin private', color: 'd32f2f', type: 'personal', parent_id: null, author_id: 'admin' }, 'admin');
      await h.service.runtime.gate.waitFor(head, 3000);
    });

    it('tells a member invited to an appointment on every console, watching or not, which appointment changed and nothing of it', async () => {
      const bob = await connect(h, h.cookie('bob'));
      await waitForConnections(h, 1);
      await appointment('private-1', 'own');
      await h.append(
        appointmentStream('private-1'),
        'ParticipantsInvited',
        { appointment_id: 'private-1', occurrence_start: null, participants: [{ member_id: 'bob', status: 'invited' }], group_ids: [], membership_role_ids: [], send_email_notification: false, invited_by: 'admin' },
        'admin',
      );
      const told = await bob.next((m) => m.collection === 'appointments' && m.id === 'private-1');
      expect(told.doc).toEqual({ position: expect.any(Number) });
      bob.ws.close();
    });

    it('tells the members whose open pages watch appointments and who may see it; not those who may not, nor those not watching', async () => {
      const bob = await connect(h, h.cookie('bob'));
      const cat = await connect(h, h.cookie('cat'));
      const idle = await connect(h, h.cookie('admin'));
      await waitForConnections(h, 3);
      watch(bob, ['appointments']);
      watch(cat, ['appointments']);
      // a watch message that is not one is ignored (the socket keeps what it watched)
      watch(cat, ['Not A Topic!']);
      await eventually(() => h.service.runtime.hub.watching('appointments').length === 2);

      await appointment('public-1', 'net');
      await bob.next((m) => m.collection === 'appointments' && m.id === 'public-1');
      await cat.next((m) => m.collection === 'appointments' && m.id === 'public-1');
      await appointment('private-2', 'own');
      await h.service.runtime.realtimeFlushed();
      expect(bob.received.some((m) => m.id === 'private-2')).toBe(false);
      expect(cat.received.some((m) => m.id === 'private-2')).toBe(false);
      expect(idle.received.some((m) => m.collection === 'appointments')).toBe(false);

      // a calendar renamed reaches those who see it
      await h.append(calendarStream('net'), 'CalendarUpdated', { calendar_id: 'net', name: 'Everyone', color: '1976d2', changed_fields: ['name'] }, 'admin');
      await bob.next((m) => m.collection === 'calendars' && m.id === 'net');
      bob.ws.close();
      cat.ws.close();
      idle.ws.close();
    });
  });
});

