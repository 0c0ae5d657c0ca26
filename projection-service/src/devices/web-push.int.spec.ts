import { createECDH, createHash, createDecipheriv, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { activityStream, DEFAULT_NETWORK_SETTINGS, groupStream, memberDevicesStream, memberStream, mentionMarkup, networkStream, type PushPayload } from '@cn/contracts';
import { eventually } from '@cn/platform/testing';
import { sendMessage } from '../__tests__/messages';
import { startHarness, type Harness } from '../__tests__/harness';
import { WebPush } from './devices.module';

/** one push as the stub push service received it */
interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** a browser's side of a subscription: its P-256 key pair and auth secret (what PushManager.subscribe makes) */
const browser = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
};

/** RFC 8291/8188: what the browser does with an aes128gcm push (one record) */
const decrypt = (body: Buffer, receiver: ReturnType<typeof browser>): string => {
  const salt = body.subarray(0, 16);
  const idLength = body[20];
  const senderPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = receiver.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiver.ecdh.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, receiver.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end -= 1;
  expect(padded[end]).toBe(2); // the last record's delimiter
  return padded.subarray(0, end).toString('utf8');
};

/** RFC 8292: the VAPID header's JWT is signed with the key it names, for the push service's origin */
const verifyVapid = (authorization: string | undefined, endpointOrigin: string): { k: string } => {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(authorization ?? '');
  expect(match).not.toBeNull();
  const [, jwt, k] = match as RegExpExecArray;
  const [header, claims, signature] = jwt.split('.');
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, format: 'jwk' });
  expect(verify('sha256', Buffer.from(`${header}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))).toBe(true);
  expect(JSON.parse(Buffer.from(claims, 'base64url').toString('utf8'))).toMatchObject({ aud: endpointOrigin });
  return { k };
};

describe('Web Push for notifications (a reactor beside the read side, through the web-push library to a local push service)', () => {
  jest.setTimeout(30_000);
  const received: Received[] = [];
  const pushService = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = req.url?.startsWith('/gone') ? 410 : 201;
      res.end();
    });
  });
  let origin = '';
  let dir: string;
  let h: Harness;
  let head = 0;
  const bob = browser();
  const bobPhone = browser();
  const cat = browser();
  const settled = async (): Promise<void> => {
    expect(await h.app.get(WebPush, { strict: false }).sender?.waitFor(head, 10_000)).toBe(true);
  };
  const register = async (member: string, device: string, subscription: { endpoint: string; keys: object } | null) =>
    h.append(
      memberDevicesStream(member),
      'DeviceRegistered',
      {
        member_id: member,
        device_id: device,
        platform: 'web',
        name: await h.infra.cipher.encrypt(member, `${member}'s browser`),
        push: subscription ? await h.infra.cipher.sealSecret(member, JSON.stringify(subscription)) : null,
        push_endpoint_sha256: subscription ? createHash('sha256').update(subscription.endpoint).digest('hex') : null,
      },
      member,
    );
  const pushesTo = (path: string) => received.filter((push) => push.path === path);

  beforeAll(async () => {
    await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
    dir = mkdtempSync(join(tmpdir(), 'cn-web-push-'));
    h = await startHarness({ PUBLIC_URL: 'https://club.example', WEB_PUSH_ALLOW_PRIVATE_NETWORKS: 'true' }, { dir });
    for (const [id, first] of [
      ['ada', 'Ada'],
      ['bob', 'Bob'],
      ['cat', 'Cat'],
      ['dan', 'Dan'],
      ['eve', 'Eve'],
    ] as const)
      await h.register(id, first, 'Member');
    await h.append(groupStream('g'), 'GroupCreated', { group_id: 'g', slug: 'g', name: 'Garden', group_category_id: null, access: 'open' }, 'ada');
    for (const member of ['ada', 'bob', 'cat', 'dan', 'eve']) await h.append(groupStream('g'), 'MemberJoinedGroup', { group_id: 'g', member_id: member, admin: member === 'ada' }, member);
    await h.append(groupStream('h'), 'GroupCreated', { group_id: 'h', slug: 'h', name: 'Hidden', group_category_id: null, access: 'hidden' }, 'ada');
    await h.append(groupStream('h'), 'MemberJoinedGroup', { group_id: 'h', member_id: 'ada', admin: true }, 'ada');
    await register('bob', 'bob-laptop', { endpoint: `${origin}/push/bob-laptop`, keys: bob.keys });
    await register('bob', 'bob-phone', { endpoint: `${origin}/push/bob-phone`, keys: bobPhone.keys });
    await register('cat', 'cat-laptop', { endpoint: `${origin}/push/cat-laptop`, keys: cat.keys });
    // cat wants no mentions on this browser
    await h.append(memberDevicesStream('cat'), 'DevicePushSettingsChanged', { member_id: 'cat', device_id: 'cat-laptop', notifications: { activities: { mentioned: false, activity_replied: true } } }, 'cat');
    await register('dan', 'dan-app', null);
    await register('eve', 'eve-gone', { endpoint: `${origin}/gone/eve`, keys: browser().keys });
    head = await h.append(memberStream('eve'), 'MemberLocked', { member_id: 'eve' }, 'ada');
  });
  afterAll(async () => {
    await h.close();
    rmSync(dir, { recursive: true, force: true });
    await new Promise((resolve) => pushService.close(resolve));
  });

  it('pushes a mention, encrypted for each of the member’s browsers, signed with the key /api/v1/get-web-token hands out', async () => {
    const everyone = ['bob', 'cat', 'dan', 'eve'].map((id) => mentionMarkup(id, id)).join(' ');
    head = await h.append(activityStream('p1'), 'ActivityPosted', { activity_id: 'p1', group_id: 'g', author_id: 'ada', html_content: `<p>Harvest ${everyone}</p>`, attachments: [] }, 'ada');
    await eventually(() => pushesTo('/push/bob-laptop').length === 1 && pushesTo('/push/bob-phone').length === 1);
    await settled();

    const token = await request(h.server).get('/api/v1/get-web-token').set('Cookie', h.cookie('bob'));
    expect(token.status).toBe(200);
    for (const [path, receiver] of [
      ['/push/bob-laptop', bob],
      ['/push/bob-phone', bobPhone],
    ] as const) {
      const [push] = pushesTo(path);
      expect(push.headers['content-encoding']).toBe('aes128gcm');
      expect(Number(push.headers['ttl'])).toBeGreaterThan(0);
      expect(verifyVapid(push.headers['authorization'], origin).k).toBe((token.body as { token: string }).token);
      const payload = JSON.parse(decrypt(push.body, receiver)) as PushPayload;
      expect(payload.body).toMatch(/^Ada Member (hat dich erwähnt|mentioned you)/);
      expect(payload.url).toBe('/activities/p1');
    }
    // cat switched mentions off on her browser; dan's app has no push subscription; eve is locked
    expect(pushesTo('/push/cat-laptop')).toEqual([]);
    expect(received.filter((push) => push.path.startsWith('/gone'))).toEqual([]);
  });

  it('pushes nothing of what the member may not see, and each push once, also when the log is read again', async () => {
    const before = received.length;
    head = await h.append(activityStream('p2'), 'ActivityPosted', { activity_id: 'p2', group_id: 'h', author_id: 'ada', html_content: `<p>Secret ${mentionMarkup('bob', 'bob')}</p>`, attachments: [] }, 'ada');
    await settled();
    expect(received.length).toBe(before);

    const sender = h.app.get(WebPush, { strict: false }).sender;
    await sender?.stop();
    await h.infra.documentStore.collection('_checkpoints').upsert({ _id: 'projection-service.web-push', position: 0, _position: 0 });
    void sender?.start();
    await settled();
    expect(pushesTo('/push/bob-laptop')).toHaveLength(1);
  });

  it('pushes a direct message to its recipients’ browsers: the subject only where the network mails message texts, never to the author or a member ignoring them', async () => {
    const send = (id: string, author: string, recipients: string[], subject: string) => sendMessage(h, { id, author, recipients, subject, content: 'the text' });
    const before = { bob: pushesTo('/push/bob-laptop').length, cat: pushesTo('/push/cat-laptop').length };
    await h.append(memberStream('cat'), 'MemberIgnored', { member_id: 'cat', ignored_member_id: 'ada' }, 'cat');
    const sendBody = (on: boolean) =>
      h.append(networkStream('default'), 'NetworkMailSettingsChanged', { network_id: 'default', mail: { ...DEFAULT_NETWORK_SETTINGS.mail, notifications_send_direct_message_body: on }, changed_fields: ['notifications_send_direct_message_body'] }, 'ada');
    await sendBody(false);
    head = await send('dm1', 'ada', ['bob', 'cat'], 'Seed swap');
    await eventually(() => pushesTo('/push/bob-laptop').length === before.bob + 1);
    await settled();
    const payload = JSON.parse(decrypt(pushesTo('/push/bob-laptop')[before.bob].body, bob)) as PushPayload;
    expect(payload).toMatchObject({ url: '/messages/dm1', tag: 'message-dm1' });
    expect(payload.body).toMatch(/^Ada Member (hat dir eine Nachricht geschickt|sent you a message)$/);
    expect(pushesTo('/push/cat-laptop')).toHaveLength(before.cat);

    await sendBody(true);
    head = await send('dm2', 'bob', ['ada', 'bob'], 'Seed swap, again');
    await settled();
    expect(pushesTo('/push/bob-laptop')).toHaveLength(before.bob + 1);
    head = await send('dm3', 'ada', ['bob'], 'Seed swap, again');
    await eventually(() => pushesTo('/push/bob-laptop').length === before.bob + 2);
    expect((JSON.parse(decrypt(pushesTo('/push/bob-laptop')[before.bob + 1].body, bob)) as PushPayload).body).toMatch(/: Seed swap, again$/);
  });

  it('stops pushing to a browser whose push service dropped the subscription (410)', async () => {
    await h.append(memberStream('eve'), 'MemberUnlocked', { member_id: 'eve' }, 'ada');
    head = await h.append(activityStream('p3'), 'ActivityPosted', { activity_id: 'p3', group_id: 'g', author_id: 'ada', html_content: `<p>${mentionMarkup('eve', 'eve')}</p>`, attachments: [] }, 'ada');
    await settled();
    expect(received.filter((push) => push.path === '/gone/eve')).toHaveLength(1);
    head = await h.append(activityStream('p4'), 'ActivityPosted', { activity_id: 'p4', group_id: 'g', author_id: 'ada', html_content: `<p>${mentionMarkup('eve', 'eve')} again</p>`, attachments: [] }, 'ada');
    await settled();
    expect(received.filter((push) => push.path === '/gone/eve')).toHaveLength(1);
  });
});
