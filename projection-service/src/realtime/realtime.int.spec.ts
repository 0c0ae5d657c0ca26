import WebSocket from 'ws';
import { DEFAULT_NETWORK_SETTINGS, memberStream } from '@cn/contracts';
import { networkStreamId, startHarness, type Harness } from '../__tests__/harness';
import { eventually } from '@cn/platform/testing';
import type { RealtimeMessage } from './realtime-hub';

/** collects the messages of one socket and waits for those that match */
const connect = async (h: Harness, cookie?: string) => {
  const ws = new WebSocket(`ws://127.0.0.1:${h.port}/api/realtime`, { headers: cookie ? { Cookie: cookie } : {} });
  const received: RealtimeMessage[] = [];
  ws.on('message', (raw: Buffer) => received.push(JSON.parse(raw.toString('utf8')) as RealtimeMessage));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const next = (match: (m: RealtimeMessage) => boolean, timeoutMs = 3000): Promise<RealtimeMessage> =>
    eventually(() => {
      const found = received.find(match);
      if (!found) throw new Error(`no matching message in ${JSON.stringify(received)}`);
      return found;
    }, timeoutMs);
  return { ws, received, next };
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
    const bob = await connect(h, h.cookie('bob'));
    const cat = await connect(h, h.cookie('cat'));
    await waitForConnections(h, 2);

    await h.append(memberStream('cat'), 'MemberPresenceChanged', { member_id: 'cat', type: 'busy', text: 'focus' }, 'cat');
    const busy = await bob.next((m) => m.collection === 'members' && m.id === 'cat');
    expect(busy).toMatchObject({ type: 'changed', doc: { id: 'cat', status: { type: 'busy', text: 'focus' } } });

    await h.append(memberStream('cat'), 'MemberPresenceChanged', { member_id: 'cat', type: 'invisible', text: 'focus' }, 'cat');
    const own = await cat.next((m) => m.collection === 'members' && (m.doc as { status?: { type: string } }).status?.type === 'invisible');
    expect(own.id).toBe('cat');
    await h.service.runtime.realtimeFlushed();
    const seenByBob = bob.received.filter((m) => m.id === 'cat');
    expect(seenByBob).toHaveLength(2);
    expect((seenByBob[1]?.doc as { status?: unknown }).status).toBeUndefined();

    // a change others cannot see is not pushed to them
    await h.append(memberStream('cat'), 'MemberPresenceChanged', { member_id: 'cat', type: 'invisible', text: 'still away' }, 'cat');
    await cat.next((m) => (m.doc as { status?: { text: string } }).status?.text === 'still away');
    await h.service.runtime.realtimeFlushed();
    expect(bob.received.filter((m) => m.id === 'cat')).toHaveLength(2);
    bob.ws.close();
    cat.ws.close();
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
});
