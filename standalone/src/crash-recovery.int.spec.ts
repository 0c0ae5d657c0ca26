import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuditEventsResponse, MemberDto } from '@cn/contracts';
import { eventually } from '@cn/platform/testing';
import { openConsole } from './testing/realtime-upgrade';
import { signIn, startServer, type ServerProcess } from './testing/server-process';

/**
 * The process is killed with SIGKILL in the middle of a burst of commands. Every command that was
 * acknowledged (200 with a position) must be in the event log after the restart, and the read models
 * must converge to the log.
 */
describe('standalone process killed during a burst of commands', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cn-crash-'));
  let server: ServerProcess | undefined;

  afterAll(async () => {
    await server?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses no acknowledged command and the read models converge after restart', async () => {
    server = await startServer({ dataDir });
    const member = await signIn(server.baseUrl, 'member@example.org');
    const acknowledged: string[] = [];
    const burst = Array.from({ length: 400 }, (_, i) => `burst ${i}`);
    let next = 0;
    const killAfter = 120;
    let killed: Promise<void> | undefined;

    const worker = async (): Promise<void> => {
      while (next < burst.length) {
        const text = burst[next++] ?? '';
        try {
          const response = await member.request('PUT', '/api/v1/members/me/status', { type: 'busy', text });
          if (response.status === 200) acknowledged.push(text);
        } catch {
          return; // connection refused or reset: the process is gone
        }
        if (acknowledged.length >= killAfter && !killed) killed = server?.kill();
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    await killed;
    expect(acknowledged.length).toBeGreaterThanOrEqual(killAfter);

    server = await startServer({ dataDir });
    const admin = await signIn(server.baseUrl, 'admin@example.org');
    const memberAgain = await signIn(server.baseUrl, 'member@example.org');
    const stream = `member-${member.memberId}`;
    const head = await admin.request('GET', `/api/v1/audit/events?stream=${stream}&type=MemberPresenceChanged&limit=1000&order=asc`);
    expect(head.status).toBe(200);
    let body = (await head.json()) as AuditEventsResponse;
    const texts = new Set<string>();
    const positions: number[] = [];
    for (;;) {
      for (const event of body.events) {
        texts.add((event.data as { text: string }).text);
        positions.push(event.position);
      }
      if (body.next === null || body.events.length === 0) break;
      const page = await admin.request(
        'GET',
        `/api/v1/audit/events?stream=${stream}&type=MemberPresenceChanged&limit=1000&order=asc&after=${body.next}`,
      );
      body = (await page.json()) as AuditEventsResponse;
    }
    for (const text of acknowledged) expect(texts).toContain(text);

    // the member read model converges to the last event of the stream
    const lastPosition = Math.max(...positions);
    // (presence shows only while the member has a console open)
    const closeConsole = await openConsole(server.baseUrl, memberAgain.cookie);
    const dto = await eventually(async () => {
      const profile = await memberAgain.request('GET', `/members/${member.memberId}`, undefined, {
        'x-consistency-position': String(lastPosition),
      });
      expect(profile.status).toBe(200);
      const answered = (await profile.json()) as MemberDto;
      expect(answered.status).toBeDefined();
      return answered;
    }, 5000);
    closeConsole();
    const lastEvent = body.events.length > 0 ? body.events[body.events.length - 1] : undefined;
    expect(dto.status?.type).toBe('busy');
    if (lastEvent) expect(dto.status?.text).toBe((lastEvent.data as { text: string }).text);
  }, 120_000);
});
