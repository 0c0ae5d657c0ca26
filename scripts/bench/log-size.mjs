// The data-size dimension of `npm run bench`: the same figures on a log grown to a given size (members'
// presence changes, one member with a long stream), so that anything that grows with the log shows.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { signIn } from './client.mjs';
import { startServer } from './server.mjs';
import { acceptedOf, cpuMsOf, cpuPerCommand, perSecond, round, runLoad, summarize } from './stats.mjs';

const APPEND_CHUNK = 200;

/**
 * Grows the log offline (the server stopped) to `targetEvents` with MemberPresenceChanged events: the
 * long-stream member gets `longStreamEvents`, the other members share the rest. Texts are encrypted with
 * each member's key, as the command would.
 */
export const growLog = async ({ platform, dataDir, targetEvents, longStream, members }) => {
  const store = platform.createSqliteEventStore({ path: join(dataDir, 'events.sqlite') });
  const keyStore = platform.createSqliteKeyStore({ path: join(dataDir, 'keys.sqlite') });
  const cipher = platform.createPersonalDataCipher(keyStore);
  const started = performance.now();
  try {
    const head = await store.headPosition();
    let missing = targetEvents - head;
    if (missing <= 0) return { events: head, appended: 0, seconds: 0 };
    const presence = async (memberId, i) => ({
      id: randomUUID(),
      type: 'MemberPresenceChanged',
      data: { member_id: memberId, type: i % 2 === 0 ? 'online' : 'busy', text: await cipher.encrypt(memberId, `grown status ${i}`) },
      metadata: { memberId, occurredAt: new Date().toISOString(), correlationId: randomUUID(), causationId: randomUUID(), schemaVersion: 1 },
    });
    const appendTo = async (memberId, count) => {
      for (let done = 0; done < count; ) {
        const size = Math.min(APPEND_CHUNK, count - done);
        const events = await Promise.all(Array.from({ length: size }, (_v, i) => presence(memberId, done + i)));
        await store.append(`member-${memberId}`, events, { expectedRevision: 'any' });
        done += size;
      }
    };
    const long = Math.min(longStream.events, missing);
    await appendTo(longStream.memberId, long);
    missing -= long;
    const perMember = Math.ceil(missing / members.length);
    // members' streams side by side, as many commands would arrive
    for (let i = 0; i < members.length && missing > 0; i += 8) {
      await Promise.all(
        members.slice(i, i + 8).map((memberId) => {
          const count = Math.min(perMember, missing);
          missing -= count;
          return count > 0 ? appendTo(memberId, count) : Promise.resolve();
        }),
      );
    }
    return { events: await store.headPosition(), appended: (await store.headPosition()) - head, seconds: round((performance.now() - started) / 1000, 1) };
  } finally {
    await store.close();
    await keyStore.close();
  }
};

/**
 * Read your write: the first session's status command, then its own read with the command's position
 * (X-Consistency-Position), `count` times, while the other sessions write status commands without pause.
 * Resolves with each round trip's time and the other sessions' commands meanwhile.
 */
export const readYourWrite = async (sessions, count = 100) => {
  const latencies = [];
  let writing = true;
  let written = 0;
  const writers = sessions.slice(1).map(async (session, w) => {
    for (let i = 0; writing; i += 1, written += 1) await session.request('PUT', '/api/v1/members/me/status', { type: 'online', text: `w${w} ${i}` });
  });
  try {
    for (let i = 0; i < count; i += 1) {
      const t0 = performance.now();
      const { body } = await sessions[0].request('PUT', '/api/v1/members/me/status', { type: 'busy', text: `ryw ${i}` });
      const read = await sessions[0].request('GET', '/api/v1/network', undefined, { 'x-consistency-position': String(body.position) });
      if (read.status !== 200) throw new Error(`read-your-write answered ${read.status}`);
      latencies.push(performance.now() - t0);
    }
  } finally {
    writing = false;
    await Promise.all(writers);
  }
  return { latencies, written };
};

/** One round of the measures on a log of the size it has now: restart, catch-up, the first commands, lists. */
export const measureAtSize = async ({ root, dataDir, port, env, nodeArgs, admin, longStream, workers, commands, concurrency, phaseMs, progress, rsvp, timed = (_name, work) => work() }) => {
  const figures = {};
  const server = await startServer({ root, dataDir, port, env, nodeArgs, readyTimeoutMs: 10 * 60_000 });
  try {
    figures.ready_ms = round(server.readyMs, 0);
    const adminSession = await signIn(server.baseUrl, admin.email, admin.password);
    // caught up: a read that waits for the head position answers
    const caughtUp = performance.now();
    for (;;) {
      const { status, body } = await adminSession.request('GET', '/api/v1/audit/events?limit=1');
      const head = body?.events?.[0]?.position ?? 0;
      if (status === 200 && head >= longStream.head) break;
      if (performance.now() - caughtUp > 10 * 60_000) throw new Error(`the audit log stays at ${head} of ${longStream.head}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    figures.catch_up_ms = round(performance.now() - caughtUp + server.readyMs, 0);
    progress(`ready after ${figures.ready_ms} ms, caught up after ${figures.catch_up_ms} ms`);

    // the long stream's member: sign-in and a first status command, then one more (the state is warm)
    const signInStarted = performance.now();
    const member = await signIn(server.baseUrl, longStream.email, longStream.password);
    figures.long_stream_sign_in_ms = round(performance.now() - signInStarted, 1);
    const first = performance.now();
    const firstStatus = await member.request('PUT', '/api/v1/members/me/status', { type: 'busy', text: 'first after restart' });
    figures.long_stream_first_command_ms = round(performance.now() - first, 1);
    if (firstStatus.status !== 200) throw new Error(`first status on the long stream answered ${firstStatus.status}`);

    // status commands over HTTP, one member per worker
    const sessions = [];
    for (const worker of workers.slice(0, concurrency)) sessions.push(await signIn(server.baseUrl, worker.email, worker.password));
    const statusRound = (label) => runLoad({
      total: commands,
      concurrency: sessions.length,
      maxMs: phaseMs,
      task: async (i, w) => (await sessions[w].request('PUT', '/api/v1/members/me/status', { type: i % 2 ? 'online' : 'busy', text: `${label} ${i}` })).status,
    });
    // the first round right after the restart runs on code the JIT has not compiled yet (about 1.5× the CPU
    // per command of a warm process, docs/PERFORMANCE.md): reported apart, so that the measured round
    // compares with the fresh log's, which runs on a process warmed by the members' registrations
    const coldCpu = cpuMsOf(server.child.pid);
    const cold = await timed(`cold status at ${longStream.head}`, () => statusRound('cold'));
    figures.status_cold_per_s = perSecond(cold.latencies.length, cold.durationMs);
    figures.status_cold_cpu_ms_per_command = cpuPerCommand(coldCpu, cpuMsOf(server.child.pid), acceptedOf(cold.outcomes));
    const statusCpu = cpuMsOf(server.child.pid);
    const run = await timed(`status at ${longStream.head}`, () => statusRound('sized'));
    figures.status_per_s = perSecond(run.latencies.length, run.durationMs);
    figures.status_latency = summarize(run.latencies);
    // the server's CPU per accepted command: on a shared machine the rate follows the neighbours' load, this much less
    const rsvpCpu = cpuMsOf(server.child.pid);
    figures.status_cpu_ms_per_command = cpuPerCommand(statusCpu, rsvpCpu, acceptedOf(run.outcomes));
    // RSVPs on one appointment stream, the same sessions (rsvp.mjs)
    if (rsvp) {
      figures.rsvp = await timed(`rsvp at ${longStream.head}`, () => rsvp(adminSession, sessions));
      figures.rsvp.server_cpu_ms_per_command = cpuPerCommand(rsvpCpu, cpuMsOf(server.child.pid), figures.rsvp.accepted);
    }

    figures.read_your_write = summarize((await readYourWrite(sessions)).latencies);

    // the audit log: the latest 50, as the auditor's console opens it
    const audit = await runLoad({
      total: 50,
      concurrency: 1,
      maxMs: phaseMs,
      task: async () => (await adminSession.request('GET', '/api/v1/audit/events?limit=50')).status,
    });
    figures.audit_latest_50 = summarize(audit.latencies);
    progress(
      `status ${figures.status_per_s}/s, first command on the long stream ${figures.long_stream_first_command_ms} ms, audit p95 ${figures.audit_latest_50.p95_ms} ms, read-your-write p95 ${figures.read_your_write.p95_ms} ms`,
    );
  } finally {
    await server.stop(60_000);
  }
  return figures;
};

/** A restart of a server whose projections are caught up: ready time and the long stream's first command. */
export const restartAndFirstCommand = async ({ root, dataDir, port, env, nodeArgs, longStream }) => {
  const server = await startServer({ root, dataDir, port, env, nodeArgs, readyTimeoutMs: 10 * 60_000 });
  try {
    const member = await signIn(server.baseUrl, longStream.email, longStream.password);
    const first = performance.now();
    const { status } = await member.request('PUT', '/api/v1/members/me/status', { type: 'online', text: 'first after a warm restart' });
    if (status !== 200) throw new Error(`first status after the restart answered ${status}`);
    return { ready_ms: round(server.readyMs, 0), first_command_ms: round(performance.now() - first, 1) };
  } finally {
    await server.stop(60_000);
  }
};
