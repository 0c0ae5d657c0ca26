import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { type ImprintDto, type LegalAcceptanceDto, type LegalTextDto, type NetworkResponse, type PendingConsentsResponse } from '@cn/contracts';
import { useDemoServer } from './testing/demo-server';
import { requestCaller, type HttpMethod } from './testing/signed-in-client';

/**
 * The imprint, the legal texts and the consent ledger through the one-process server: validation (400 with
 * field and key, nothing appended), authorization per role (members 403, auditors read only) matching the
 * `can` flags of GET /api/v1/network, revisions (409), the consent flow and its export, and a restart.
 */
describe('imprint and legal texts', () => {
  const demo = useDemoServer('legal');
  const { clients } = demo;
  /** a request as the console sends it; the positions answered are waited for by the next reads */
  const call = requestCaller(() => demo.server);
  const head = async (): Promise<number> => demo.running.infra.eventStore.headPosition();

  const textBody = { name: 'Terms of use', statement: 'Please read', text: '<p>First <script>alert(1)</script>terms</p>', requires_consent: true };

  it('saves the imprint sanitised, refuses a stale revision with 409 and an unchanged one with 422', async () => {
    const form = (await call(clients.admin, 'get', '/administration/imprint/edit').expect(200)).body as ImprintDto;
    expect(form.revision).toBe(0);
    await call(clients.admin, 'put', '/administration/imprint', { content: '<p onclick="x()">Ada Ltd</p>', mail_imprint: '<p>Mail</p>', show_newsletter_info: true, revision: 0 }).expect(200);
    const saved = (await call(clients.admin, 'get', '/administration/imprint/edit').expect(200)).body as ImprintDto;
    expect(saved).toMatchObject({ content: '<p>Ada Ltd</p>', mail_imprint: '<p>Mail</p>', show_newsletter_info: true, revision: 1 });
    const stale = await call(clients.admin, 'put', '/administration/imprint', { content: '<p>Other</p>', mail_imprint: '', show_newsletter_info: false, revision: 0 }).expect(409);
    expect(stale.body.error).toBe('concurrency_conflict');
    const same = await call(clients.admin, 'put', '/administration/imprint', { content: '<p>Ada Ltd</p>', mail_imprint: '<p>Mail</p>', show_newsletter_info: true, revision: 1 }).expect(422);
    expect(same.body.error).toBe('nothing_changed');
    // public, signed out: the web imprint only
    const open = await call(null, 'get', '/api/v1/imprint').expect(200);
    expect(open.body).toEqual({ content: '<p>Ada Ltd</p>', show_newsletter_info: true, legal_texts: [] });
  });

  it('answers 400 naming each field with its key and appends nothing', async () => {
    const before = await head();
    const imprint = await call(clients.admin, 'put', '/administration/imprint', { content: 1, mail_imprint: 'x'.repeat(50_001), show_newsletter_info: 'yes', revision: -1 }).expect(400);
    expect(imprint.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'content', key: 'invalid_type' },
        { field: 'mail_imprint', key: 'too_long' },
        { field: 'show_newsletter_info', key: 'invalid_type' },
        { field: 'revision', key: 'too_small' },
      ]),
    );
    const created = await call(clients.admin, 'post', '/administration/legal_texts', { name: ' ', handle: 'Not A Handle', text: '<script>x</script>', statement: 's'.repeat(501) }).expect(400);
    expect(created.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', key: 'required' },
        { field: 'handle', key: 'invalid_format' },
        { field: 'text', key: 'required' },
        { field: 'statement', key: 'too_long' },
      ]),
    );
    const accept = await call(clients.member, 'post', '/api/v1/legal/acceptances', { legal_text_id: '', version: 0 }).expect(400);
    expect(accept.body.errors).toEqual(expect.arrayContaining([{ field: 'legal_text_id', key: 'required' }, { field: 'version', key: 'too_small' }]));
    expect(await head()).toBe(before);
  });

  it('lets only administrators write and auditors read, as the network flags say', async () => {
    const created = await call(clients.admin, 'post', '/administration/legal_texts', { name: 'Probe', text: '<p>probe</p>' }).expect(201);
    const id = created.body.id as string;
    const writes: Array<[HttpMethod, string, object | undefined]> = [
      ['put', '/administration/imprint', { content: '<p>x</p>', mail_imprint: '', show_newsletter_info: false, revision: 1 }],
      ['post', '/administration/legal_texts', { name: 'Nope', text: '<p>n</p>' }],
      ['put', `/administration/legal_texts/${id}`, { name: 'Probe', handle: 'probe', text: '<p>changed</p>', revision: 2 }],
      ['delete', `/administration/legal_texts/${id}`, undefined],
    ];
    const reads = ['/administration/imprint/edit', '/administration/legal_texts', `/administration/legal_texts/${id}`, '/administration/legal_acceptances', '/administration/legal_acceptances.csv'];
    for (const role of ['member', 'guest', 'auditor'] as const) {
      const can = ((await call(clients[role], 'get', '/api/v1/network').expect(200)).body as NetworkResponse).can;
      const before = await head();
      for (const [method, path, body] of writes) {
        const res = await call(clients[role], method, path, body);
        expect({ role, path, status: res.status }).toEqual({ role, path, status: can.administrate ? 200 : 403 });
      }
      expect(await head()).toBe(before);
      for (const path of reads) {
        const res = await call(clients[role], 'get', path);
        expect({ role, path, status: res.status }).toEqual({ role, path, status: can.audit ? 200 : 403 });
      }
    }
    for (const path of reads) await call(null, 'get', path).expect(401);
    await call(clients.admin, 'delete', `/administration/legal_texts/${id}`).expect(200);
    await call(clients.admin, 'get', `/administration/legal_texts/${id}`).expect(404);
  });

  it('keeps versions immutable, asks members to accept a new version and keeps every acceptance in the ledger', async () => {
    const created = await call(clients.admin, 'post', '/administration/legal_texts', textBody).expect(201);
    const id = created.body.id as string;
    const first = (await call(clients.admin, 'get', `/administration/legal_texts/${id}`).expect(200)).body as LegalTextDto;
    expect(first).toMatchObject({ handle: 'terms-of-use', current_version: 1, consent_version: 1, revision: 2, text: '<p>First terms</p>' });
    await call(clients.admin, 'post', '/administration/legal_texts', { ...textBody, name: 'Other' , handle: 'terms-of-use' }).expect(409);

    // the public page, signed out
    const open = await call(null, 'get', '/api/v1/legal_texts/terms-of-use').expect(200);
    expect(open.body).toMatchObject({ name: 'Terms of use', html_text: '<p>First terms</p>', version: 1 });
    await call(null, 'get', '/api/v1/legal_texts/nothing-here').expect(404);

    const pending = (await call(clients.member, 'get', '/api/v1/legal/pending').expect(200)).body as PendingConsentsResponse;
    expect(pending.pending).toEqual([expect.objectContaining({ legal_text_id: id, version: 1 })]);
    await call(clients.member, 'post', '/api/v1/legal/acceptances', { legal_text_id: id, version: 1 }).expect(200);
    await call(clients.member, 'post', '/api/v1/legal/acceptances', { legal_text_id: id, version: 1 }).expect(200);
    expect(((await call(clients.member, 'get', '/api/v1/legal/pending')).body as PendingConsentsResponse).pending).toEqual([]);
    await call(clients.member, 'post', '/api/v1/legal/acceptances', { legal_text_id: 'unknown', version: 1 }).expect(404);

    // a second version: edits never undo each other, the member is asked again, the old acceptance stays
    const edit = { name: 'Terms of use', handle: 'terms-of-use', statement: 'Please read', text: '<p>Second terms</p>', requires_consent: true, revision: 2 };
    await call(clients.admin, 'put', `/administration/legal_texts/${id}`, edit).expect(200);
    expect((await call(clients.admin, 'put', `/administration/legal_texts/${id}`, { ...edit, text: '<p>Third</p>' }).expect(409)).body.error).toBe('concurrency_conflict');
    const second = (await call(clients.admin, 'get', `/administration/legal_texts/${id}`).expect(200)).body as LegalTextDto;
    expect(second.versions.map((version) => [version.version, version.html_text])).toEqual([[2, '<p>Second terms</p>'], [1, '<p>First terms</p>']]);
    expect(((await call(clients.member, 'get', '/api/v1/legal/pending')).body as PendingConsentsResponse).pending).toEqual([expect.objectContaining({ legal_text_id: id, version: 2 })]);
    expect((await call(clients.member, 'post', '/api/v1/legal/acceptances', { legal_text_id: id, version: 1 }).expect(409)).body.errors).toEqual([{ field: 'version', key: 'version_outdated' }]);
    await call(clients.member, 'post', '/api/v1/legal/acceptances', { legal_text_id: id, version: 2 }).expect(200);

    const ledger = await call(clients.auditor, 'get', `/administration/legal_acceptances?filter=${encodeURIComponent(JSON.stringify({ legal_text_id: id }))}`).expect(200);
    expect(ledger.headers['content-range']).toBe('legal_acceptances 0-1/2');
    const rows = ledger.body as LegalAcceptanceDto[];
    expect(rows.map((row) => [row.version, row.member_name, row.member_id])).toEqual([[2, 'Max Member', clients.member.id], [1, 'Max Member', clients.member.id]]);

    const csv = await call(clients.auditor, 'get', `/administration/legal_acceptances.csv?legal_text_id=${id}`).expect(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('legal_text_id,legal_text_name,version,member_id,member_name,accepted_at,position');
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 5).join(','))).toEqual([`${id},Terms of use,1,${clients.member.id},Max Member`, `${id},Terms of use,2,${clients.member.id},Max Member`]);
    const json = await call(clients.admin, 'get', '/administration/legal_acceptances.json').expect(200);
    expect(JSON.stringify(json.body)).not.toMatch(/\$secret|\$pii|password|@example\.org/);
    await call(clients.auditor, 'get', '/administration/legal_acceptances.csv?unknown=1').expect(400);
  });

  it("pushes an acceptance to the open consoles, and the administration's count, read from the ledger, follows", async () => {
    const [text] = (await call(clients.auditor, 'get', '/administration/legal_texts').expect(200)).body as LegalTextDto[];
    expect(text.acceptance_count).toBe(2);
    const port = (demo.server.address() as AddressInfo).port;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, { headers: { Cookie: clients.auditor.cookie } });
    const pushed: Array<{ id: string; doc: { position: number } }> = [];
    socket.on('message', (raw: Buffer) => {
      const message = JSON.parse(raw.toString('utf8')) as { type: string; collection: string; id: string; doc: { position: number } };
      if (message.type === 'changed' && message.collection === 'legal_texts') pushed.push(message);
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      const accepted = (await call(clients.guest, 'post', '/api/v1/legal/acceptances', { legal_text_id: text.id, version: text.current_version }).expect(200)).body as { position: number };
      const deadline = Date.now() + 5000;
      while (Date.now() < deadline && !pushed.some((message) => message.doc.position >= accepted.position)) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(pushed).toContainEqual(expect.objectContaining({ id: text.id, doc: { position: accepted.position } }));
      const [after] = (await call(clients.auditor, 'get', '/administration/legal_texts').expect(200)).body as LegalTextDto[];
      expect(after.acceptance_count).toBe(3);
    } finally {
      socket.close();
    }
  });

  it('keeps the imprint, texts and ledger on disk across a restart', async () => {
    await demo.restart();
    const imprint = (await call(clients.auditor, 'get', '/administration/imprint/edit').expect(200)).body as ImprintDto;
    expect(imprint.content).toBe('<p>Ada Ltd</p>');
    const texts = await call(clients.auditor, 'get', '/administration/legal_texts').expect(200);
    expect((texts.body as LegalTextDto[]).map((text) => [text.name, text.current_version, text.acceptance_count])).toEqual([['Terms of use', 2, 3]]);
    expect(((await call(clients.member, 'get', '/api/v1/legal/pending')).body as PendingConsentsResponse).pending).toEqual([]);
  });
});
