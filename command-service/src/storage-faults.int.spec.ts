import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { memberStream } from '@cn/contracts';
import { storageHealth } from '@cn/platform';
import { eventually } from '@cn/platform/testing';
import { startTestService, type TestService } from './__tests__/command-service-app';

const STATUS = { type: 'busy', text: 'in a meeting' };

/** A small tmpfs of its own (root only): the disk can be filled for real. Null, with the reason, where mounting is not allowed. */
const mountSmallDisk = (): { dir: string; unmount(): void } | string => {
  const dir = mkdtempSync(join(tmpdir(), 'cn-small-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16m,mode=0700', 'tmpfs', dir], { stdio: 'pipe' });
    return { dir, unmount: () => execFileSync('umount', ['-l', dir], { stdio: 'pipe' }) };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    return `mounting a tmpfs is not allowed here (${String(error).split('\n')[0]})`;
  }
};

/** writes zeros into one file until the disk refuses more */
const fillDisk = (file: string): void => {
  const fd = openSync(file, 'w');
  const chunk = Buffer.alloc(64 * 1024);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
};

describe('a full disk', () => {
  describe('met by a command on the embedded adapters (injected at the event store port)', () => {
    let service: TestService;
    beforeAll(async () => {
      service = await startTestService();
    });
    afterAll(() => service.close());

    it('answers 503 storage_unavailable with Retry-After, appends nothing, turns unready, and resumes by itself', async () => {
      const member = await service.signIn('member@example.org');
      const stream = memberStream(member.memberId);
      const before = await service.infra.eventStore.readStream(stream);
      const append = service.infra.eventStore.append;
      service.infra.eventStore.append = () => Promise.reject(Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }));
      try {
        const refused = await service.http.put('/api/v1/members/me/status').set(member.headers).send(STATUS).expect(503);
        expect(refused.body).toEqual({ statusCode: 503, error: 'storage_unavailable', errors: [] });
        expect(refused.headers['retry-after']).toBe('5');
        expect(await service.infra.eventStore.readStream(stream)).toHaveLength(before.length);
        expect(storageHealth.failing).toBe(true);
      } finally {
        service.infra.eventStore.append = append;
      }
      // the probe writes again: ready, and the same command is accepted without a restart
      await service.http.get('/health/ready').expect(200);
      await service.http.put('/api/v1/members/me/status').set(member.headers).send(STATUS).expect(200);
      expect(await service.infra.eventStore.readStream(stream)).toHaveLength(before.length + 1);
    });
  });

  describe('for real: the data folder on a 16 MB tmpfs filled to the last byte', () => {
    const disk = mountSmallDisk();
    const reason = typeof disk === 'string' ? disk : null;
    if (reason) process.stderr.write(`skipped: a full disk for real: ${reason}\n`);
    const run = reason ? it.skip : it;
    let service: TestService | null = null;
    afterAll(async () => {
      await service?.close();
      if (typeof disk !== 'string') disk.unmount();
    });

    run('refuses writes with 503 and nothing half-written, reports unready, and serves again once space returns, losing nothing acknowledged', async () => {
      if (typeof disk === 'string') return;
      const dataDir = join(disk.dir, 'data');
      mkdirSync(dataDir, { mode: 0o700 });
      service = await startTestService({ dataDir });
      const member = await service.signIn('member@example.org');
      const stream = memberStream(member.memberId);
      await service.http.put('/api/v1/members/me/status').set(member.headers).send({ type: 'online', text: 'before' }).expect(200);
      const acknowledged = await service.infra.eventStore.readStream(stream);

      const filler = join(disk.dir, 'filler');
      fillDisk(filler);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 20 && !statuses.includes(503); attempt += 1) {
        const res = await service.http.put('/api/v1/members/me/status').set(member.headers).send({ type: 'busy', text: `attempt ${attempt} ${'x'.repeat(80)}` });
        statuses.push(res.status);
        if (res.status === 503) {
          expect(res.body).toEqual({ statusCode: 503, error: 'storage_unavailable', errors: [] });
          expect(res.headers['retry-after']).toBe('5');
        }
      }
      expect(statuses).toContain(503);
      expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
      await service.http.get('/health/ready').expect(503);
      // every answered 200 is in the stream, nothing else
      const during = await service.infra.eventStore.readStream(stream);
      expect(during.length).toBe(acknowledged.length + statuses.filter((status) => status === 200).length);

      rmSync(filler);
      await eventually(async () => (await service?.http.get('/health/ready'))?.status === 200, 10_000, 100);
      const accepted = await service.http.put('/api/v1/members/me/status').set(member.headers).send({ type: 'online', text: 'after' }).expect(200);
      expect((await service.infra.eventStore.readStream(stream)).at(-1)?.position).toBe(accepted.body.position);
      // the command side's own projector waited the fault out on the same event: a new member can sign in
      const admin = await service.signIn('admin@example.org');
      await service.http.post('/administration/members').set(admin.headers).send({ user: { email: 'after@example.org', password: 'a good passphrase' } }).expect(201);
      await service.signIn('after@example.org', 'a good passphrase');
    });
  });
});
