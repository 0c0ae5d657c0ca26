import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { NETWORK_ROOT_FOLDER_ID, type AppointmentsMonthResponse, type GroupCategoriesResponse } from '@cn/contracts';
import { CHECKPOINTS_COLLECTION, loadConfig, type EventBus, type Infrastructure } from '@cn/platform';
import { createSqliteDocumentStore, type DocumentStore } from '@cn/platform/document-store';
import { ChatCommandGateway, CommandLookup, DEMO_PASSWORD } from '@cn/command-service';
import { createProjectionRuntime, PROJECTION_RUNTIME, type ProjectionServiceRuntime } from '@cn/projection-service';
import { startStandalone, type RunningStandalone } from './standalone';
import { httpCaller, signInClient, type SignedInClient } from './testing/signed-in-client';
import { firstDifference, readModelHash } from './testing/read-model-hashes';

/** a bus that delivers nothing: the replay reads the log itself, from position 0, and never follows the live bus */
const idleBus: EventBus = {
  consume: () => Promise.resolve({ stop: () => Promise.resolve() }),
  resetGroup: () => Promise.resolve(),
  partitions: () => Promise.resolve(1),
  close: () => Promise.resolve(),
};

/** the read models a store's projectors keep, named by their checkpoints (`<projector>/<collection>`) */
const readModelsOf = async (store: DocumentStore): Promise<string[]> =>
  (await store.collection(CHECKPOINTS_COLLECTION).find({}))
    .map((checkpoint) => checkpoint._id.slice(checkpoint._id.indexOf('/') + 1))
    .sort();

/**
 * Determinism of the projections: a mixed workload through the HTTP API of a standalone server (members,
 * settings, groups, channels, appointments with a changed occurrence, chat, messages, files), then every
 * projector replayed from position 0 into a scratch document store. Each read model's documents, sorted by id
 * with their keys sorted, hash the same as the live ones; a mismatch names the read model and the first
 * document that differs. Nothing is excluded: projectors take their time from the events, so `_position`
 * and every timestamp must match too. (Checkpoints are not read models: a read model that only passes
 * events by moves its checkpoint at most once a second, so they are compared by position, not by hash.)
 */
describe('every projector replayed from 0 gives the live documents', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cn-replay-'));
  let running: RunningStandalone;
  let server: Server;
  const { must } = httpCaller(() => server);
  const clients: Record<string, SignedInClient> = {};

  beforeAll(async () => {
    const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'replay-spec-secret-0123456789abcdef01234567', PORT: '0', PASSWORD_SCRYPT_N: '1024', LOG_LEVEL: 'error' });
    running = await startStandalone(config, { repositoryRoot: dataDir, host: '127.0.0.1' });
    server = running.app.getHttpServer() as Server;
    for (const name of ['admin', 'member', 'guest', 'auditor']) clients[name] = await signInClient(server, `${name}@example.org`, DEMO_PASSWORD);
  });
  afterAll(async () => {
    await running.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const workload = async (): Promise<void> => {
    const { admin, member, auditor } = clients;
    // members and settings
    await must(admin, 'post', '/administration/members', { user: { email: 'replay@example.org', password: 'replay passphrase', first_name: 'Rita', last_name: 'Replay' } });
    const rita = await signInClient(server, 'replay@example.org', 'replay passphrase');
    await must(admin, 'put', '/administration/settings', { member: { guest_users_allow_chat: true } });
    await must(member, 'put', '/api/v1/members/me/status', { type: 'busy', text: 'replaying' });
    // groups: founded, joined, left
    const categories = await must<GroupCategoriesResponse>(admin, 'get', '/api/v1/group_categories');
    const group = await must<{ id: string; slug: string }>(admin, 'post', '/groups', { group_category_slug: categories.group_categories[0].slug, group: { name: 'Replay group' } });
    await must(member, 'post', `/api/v1/groups/${group.slug}/join`);
    await must(auditor, 'post', `/api/v1/groups/${group.slug}/join`);
    await must(rita, 'post', `/api/v1/groups/${group.slug}/join`);
    await must(auditor, 'delete', `/groups/${group.slug}/join`);
    // a weekly appointment, one occurrence changed (a series exception), participants invited
    const calendar = await must<{ id: string }>(admin, 'post', '/calendars', { type: 'network', calendar: { name: 'Replay', color: '00796b' } });
    const now = new Date();
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 8));
    const recurrence = { recurrence_frequency: 'weekly', recurrence_interval: 1 };
    const appointment = await must<{ id: string }>(admin, 'post', '/appointments', {
      appointment: {
        name: 'Weekly replay',
        calendar_ids: [calendar.id],
        date: { start: start.toISOString(), end: new Date(start.getTime() + 3_600_000).toISOString(), all_day: false, time_zone: 'Europe/Berlin' },
        recurrence_pattern: recurrence,
      },
    });
    await must(admin, 'post', `/appointments/${appointment.id}/participants`, { participant: { membership_ids: [member.id, rita.id], status: 'invited' }, apply_to: 'all' });
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    const month = `${next.getUTCFullYear()}-${String(next.getUTCMonth() + 1).padStart(2, '0')}`;
    const listing = await must<AppointmentsMonthResponse>(member, 'get', `/appointments?date=${month}&view=sheet&type=month`);
    const second = listing.appointments.filter((a) => a.recurring_appointment_id === appointment.id)[1];
    if (!second) throw new Error('the weekly appointment has no second occurrence next month');
    await must(admin, 'put', `/appointments/${second.id}`, {
      appointment: { name: 'Moved replay', calendar_ids: [calendar.id], date: { ...second.date, end: new Date(Date.parse(second.date.end) + 3_600_000).toISOString() }, recurrence_pattern: recurrence },
    });
    // messages: sent, read, deleted
    const sent = await must<{ id: string }>(member, 'post', '/api/v1/messages', { to: [rita.id, admin.id], content: 'Hello from the replay' });
    await must(rita, 'post', `/api/v1/messages/${sent.id}/read`);
    await must(admin, 'delete', `/api/v1/messages/${sent.id}`);
    // chat (the socket's commands, without the socket)
    const chat = running.app.get(ChatCommandGateway);
    await chat.send({ memberId: member.id, sessionToken: null }, { chat_id: `member/${rita.id}`, message_id: 'replay-000001', text: 'Hallo **Rita**', quoted_message_id: null });
    await chat.send({ memberId: rita.id, sessionToken: null }, { chat_id: `member/${member.id}`, message_id: 'replay-000002', text: 'Hallo zurück', quoted_message_id: 'replay-000001' });
    await chat.mark({ memberId: member.id, sessionToken: null }, { chat_id: `member/${rita.id}`, message_id: 'replay-000002', state: 'read' });
    await chat.saveDraft({ memberId: rita.id, sessionToken: null }, { chat_id: `member/${member.id}`, text: 'half a thought' });
    // files: a folder, an upload published into it
    const folder = await must<{ id: string }>(admin, 'post', '/api/storage/folders', { name: 'Replay reports', parent_folder_id: NETWORK_ROOT_FOLDER_ID });
    const uploaded = await request(server).post('/api/storage/files').set('Cookie', member.cookie).set('X-CSRF-Token', member.csrf).attach('file', Buffer.from('replayed bytes\n'), 'replay.txt');
    expect(uploaded.status).toBe(201);
    await must(member, 'post', '/api/storage/files/publish', { files: [{ id: (uploaded.body as { id: string }).id }], folder_ids: [folder.id], description: 'replayed' });
    // the group archived at the end: a change that reaches many read models at once
    await must(admin, 'put', `/groups/${group.slug}/archive`);
  };

  it('hashes every read model the same live and replayed, and names a document that differs', async () => {
    await workload();
    const head = await running.infra.eventStore.headPosition();
    expect(head).toBeGreaterThan(80);

    const scratch = createSqliteDocumentStore({ path: join(dataDir, 'replayed-read-models.sqlite') });
    const scratchInfra: Infrastructure = { ...running.infra, documentStore: scratch, bus: idleBus };
    // the projection service's projectors (read models and the sealed ones) and the command side's lookup
    const runtime = createProjectionRuntime(scratchInfra);
    await runtime.start();
    await runtime.stop();
    const lookup = new CommandLookup(scratchInfra);
    await lookup.start();
    await lookup.stop();

    const replayed = await readModelsOf(scratch);
    expect(replayed.length).toBeGreaterThan(20);
    const live = running.infra.documentStore;
    // the live projectors have seen the whole log (the positions are what they answer readers with)
    expect(await running.app.get<ProjectionServiceRuntime>(PROJECTION_RUNTIME, { strict: false }).gate.waitFor(head, 10_000)).toBe(true);
    const differences: string[] = [];
    let documents = 0;
    for (const collection of replayed) {
      const a = await readModelHash(live, collection);
      const b = await readModelHash(scratch, collection);
      documents += b.count;
      const difference = firstDifference(a, b);
      if (difference) differences.push(difference);
    }
    expect(differences).toEqual([]);
    expect(documents).toBeGreaterThan(100);

    // the comparison can fail: one live document altered is named with its read model
    const members = replayed.find((collection) => collection.startsWith('members')) ?? 'members';
    const [member] = await live.collection(members).find({}, { limit: 1 });
    if (!member) throw new Error('no member document');
    await live.collection(members).upsert({ ...member, last_name: 'Altered' });
    expect(firstDifference(await readModelHash(live, members), await readModelHash(scratch, members))).toContain(`${members}: document ${member._id} differs`);
    await live.collection(members).upsert(member);
    await scratch.close();
  });
});
