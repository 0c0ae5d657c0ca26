import request from 'supertest';
import WebSocket from 'ws';
import type { MemberDto } from '@cn/contracts';
import { eventually } from '@cn/platform/testing';
import { startHarness, type Harness } from '../__tests__/harness';
import type { PresenceTimers } from './connections';
import type { RealtimeMessage } from './realtime-hub';

/** timers the test fires by hand: the grace period passes when the test says so */
const manualTimers = () => {
  const pending = new Map<number, () => void>();
  let next = 1;
  const timers: PresenceTimers = {
    setTimeout: (run) => {
      const id = next++;
      pending.set(id, run);
      return id;
    },
    clearTimeout: (id) => void pending.delete(id as number),
    setInterval: () => 0,
    clearInterval: () => undefined,
  };
  const elapse = (): void => {
    const due = [...pending.values()];
    pending.clear();
    for (const run of due) run();
  };
  return { timers, elapse, count: () => pending.size };
};

const open = async (h: Harness, member: string, topics: string[] = []) => {
  const ws = new WebSocket(`ws://127.0.0.1:${h.port}/api/realtime`, { headers: { Cookie: h.cookie(member) } });
  const received: RealtimeMessage[] = [];
  ws.on('message', (raw: Buffer) => received.push(JSON.parse(raw.toString('utf8')) as RealtimeMessage));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ type: 'watch', topics }));
  await eventually(() => received.some((m) => (m as unknown as { type: string }).type === 'watching'));
  return { ws, received };
};
const statusIn = (message: RealtimeMessage | undefined) => (message?.doc as MemberDto | undefined)?.status;

describe('presence follows the connection', () => {
  const clock = manualTimers();
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({}, { presenceTimers: clock.timers });
    await h.register('bob', 'Bob', 'Baker');
    const head = await h.register('cat', 'Cat', 'Cole');
    await h.service.runtime.gate.waitFor(head, 3000);
  });
  afterAll(() => h.close());

  const catAsBobSees = async () => ((await request(h.server).get('/members/cat').set('Cookie', h.cookie('bob')).expect(200)).body as MemberDto).status;

  it('shows a member with an open console online, and offline once the last one has closed and the grace period passed', async () => {
    expect(await catAsBobSees()).toBeUndefined();
    // bob's open page shows members (the directory)
    const bob = await open(h, 'bob', ['members']);
    const cat = await open(h, 'cat');
    const catOnline = () => bob.received.filter((m) => m.collection === 'members' && m.id === 'cat').at(-1);
    await eventually(() => expect(statusIn(catOnline())).toEqual({ type: 'online', text: '' }));
    expect(await catAsBobSees()).toEqual({ type: 'online', text: '' });

    // a reload: closed and opened again within the grace period changes nothing for anyone
    cat.ws.close();
    await eventually(() => clock.count() === 1);
    const again = await open(h, 'cat');
    await eventually(() => clock.count() === 0);
    await h.service.runtime.realtimeFlushed();
    expect(await catAsBobSees()).toEqual({ type: 'online', text: '' });

    // gone for good: offline after the grace period, pushed to bob
    again.ws.close();
    await eventually(() => clock.count() === 1);
    expect(await catAsBobSees()).toEqual({ type: 'online', text: '' });
    clock.elapse();
    await eventually(() => expect(statusIn(catOnline())).toBeUndefined());
    expect(await catAsBobSees()).toBeUndefined();
    bob.ws.close();
  });
});
