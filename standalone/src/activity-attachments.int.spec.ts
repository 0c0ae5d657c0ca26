import { activityStream, groupRootFolderId, type ActivityDto, type GroupCategoriesResponse, type GroupDetailDto, type UploadedFileAnswer } from '@cn/contracts';
import { useDemoServer } from './testing/demo-server';
import { binaryBody, httpCaller, type SignedInClient } from './testing/signed-in-client';

type Client = SignedInClient;

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/**
 * Posts carrying files, all services in one process: the author's upload and a file published in the
 * group go with the post pinned to their versions; whoever sees the post reads them through it (an image
 * inline, a file as a download, ranges answered), nobody else, and nobody once the post is deleted; a file
 * the author may not read is refused with the messages' rule and nothing is appended; an edit may change
 * the files by the same rule.
 */
describe('post attachments over HTTP', () => {
  const demo = useDemoServer('activity-attachments');
  const clients = demo.clients;
  let club = { slug: '', id: '' };
  // one caller: uploads, downloads and calls all read their own writes (the highest position any answer named)
  const { call, must, request: raw } = httpCaller(() => demo.server);
  const upload = async (client: Client, name: string, bytes: Buffer): Promise<string> => {
    const res = await raw(client, 'post', '/api/storage/files').attach('file', bytes, name);
    expect(res.status).toBe(201);
    return (res.body as UploadedFileAnswer).id;
  };
  const download = (client: Client, url: string, headers: Record<string, string> = {}) => raw(client, 'get', url).set(headers).buffer(true).parse(binaryBody);
  const head = () => demo.running.infra.eventStore.headPosition();

  beforeAll(async () => {
    const { admin, member } = clients;
    const categorySlug = (await must<GroupCategoriesResponse>(admin, 'get', '/api/v1/group_categories')).group_categories[0].slug;
    const { slug } = await must<{ slug: string }>(admin, 'post', '/groups', { group_category_slug: categorySlug, group: { name: 'Photo circle', access: 'hidden' } });
    club = { slug, id: (await must<GroupDetailDto>(admin, 'get', `/api/v1/groups/${slug}`)).id };
    await must(admin, 'post', `/groups/${slug}/membership_invites`, { membership_ids: [member.id] });
    const invites = await must<{ invites: Array<{ id: string; invitable: { slug: string } }> }>(member, 'get', '/api/v1/group_invites');
    await must(member, 'post', `/api/v1/group_invites/${invites.invites.find((entry) => entry.invitable.slug === slug)?.id ?? ''}/accept`);
  });

  it('posts an upload and a published file; a member of the group reads exactly them through the post, an outsider and everyone after the deletion get 404', async () => {
    const { admin, member, auditor } = clients;
    const photo = await upload(admin, 'Sunset.png', PNG);
    const minutes = await upload(admin, 'Minutes.txt', Buffer.from('Minutes, version 1\n'));
    await must(admin, 'post', '/api/storage/files/publish', { files: [{ id: minutes }], folder_ids: [groupRootFolderId(club.id)] });
    const { id } = await must<{ id: string }>(admin, 'post', `/api/v1/activitystreams/${club.slug}/activities`, { content: '<p>Pictures</p>', attachments: [photo, { id: minutes }] });

    const [posted] = await demo.running.infra.eventStore.readStream(activityStream(id));
    expect(posted?.data).toMatchObject({ attachments: [{ file_id: photo, version_id: expect.any(String), name: 'Sunset.png' }, { file_id: minutes, version_id: expect.any(String), name: 'Minutes.txt' }] });

    const seen = await must<ActivityDto>(member, 'get', `/api/v1/activities/${id}`);
    expect(seen.attachments).toEqual([
      { id: photo, name: 'Sunset.png', content_type: 'image/png', size: PNG.length, image: true, url: `/api/v1/activities/${id}/attachments/${photo}`, thumbnail_url: `/api/v1/activities/${id}/attachments/${photo}?size=thumb` },
      { id: minutes, name: 'Minutes.txt', content_type: 'text/plain', size: 19, image: false, url: `/api/v1/activities/${id}/attachments/${minutes}`, thumbnail_url: null },
    ]);
    const stream = await must<{ activities: ActivityDto[] }>(member, 'get', `/api/v1/activitystreams/${club.slug}/activities`);
    expect(stream.activities.find((activity) => activity.id === id)?.attachments).toHaveLength(2);

    const image = await download(member, seen.attachments[0]?.url ?? '');
    expect(image.status).toBe(200);
    expect((image.body as Buffer).equals(PNG)).toBe(true);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-disposition']).toContain('inline; filename="Sunset.png"');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    const file = await download(member, seen.attachments[1]?.url ?? '');
    expect((file.body as Buffer).toString()).toBe('Minutes, version 1\n');
    expect(file.headers['content-disposition']).toContain('attachment; filename="Minutes.txt"');
    const part = await download(member, seen.attachments[1]?.url ?? '', { Range: 'bytes=0-6' });
    expect(part.status).toBe(206);
    expect((part.body as Buffer).toString()).toBe('Minutes');
    expect(part.headers['content-range']).toBe('bytes 0-6/19');
    expect((await download(member, seen.attachments[1]?.url ?? '', { Range: 'bytes=50-' })).status).toBe(416);

    // a new version of the file does not change what the post carries
    const v2 = await raw(admin, 'post', `/api/storage/files/${minutes}/versions`).attach('file', Buffer.from('Minutes, version 2\n'), 'Minutes.txt');
    expect(v2.status).toBeLessThan(300);
    expect(((await download(member, seen.attachments[1]?.url ?? '')).body as Buffer).toString()).toBe('Minutes, version 1\n');

    // outside the hidden group the post does not exist, nor its files; a file it does not carry is 404 too
    expect((await call(auditor, 'get', `/api/v1/activities/${id}`)).status).toBe(404);
    expect((await download(auditor, seen.attachments[0]?.url ?? '')).status).toBe(404);
    expect((await download(member, `/api/v1/activities/${id}/attachments/not-attached`)).status).toBe(404);

    await must(admin, 'delete', `/api/v1/activities/${id}`);
    for (const client of [member, admin]) for (const attachment of seen.attachments) expect((await download(client, attachment.url)).status).toBe(404);
  });

  it('refuses a file the author may not read, another member\'s upload and an unknown id, naming the item, and appends nothing', async () => {
    const { admin, member, auditor } = clients;
    const own = await upload(member, 'Mine.txt', Buffer.from('mine\n'));
    const othersUpload = await upload(auditor, 'Draft.txt', Buffer.from('not published\n'));
    const hidden = await upload(admin, 'Board.txt', Buffer.from('for the circle\n'));
    await must(admin, 'post', '/api/storage/files/publish', { files: [{ id: hidden }], folder_ids: [groupRootFolderId(club.id)] });
    const before = await head();
    for (const attachments of [[own, othersUpload], [own, 'no-such-file']]) {
      const refused = await call(member, 'post', '/api/v1/activitystreams/network/activities', { content: '<p>Look</p>', attachments });
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual([expect.objectContaining({ field: 'attachments.1', key: 'unknown_attachment' })]);
    }
    const outsider = await call(auditor, 'post', '/api/v1/activitystreams/network/activities', { content: '<p>Look</p>', attachments: [hidden] });
    expect(outsider.status).toBe(422);
    expect(outsider.body.errors).toEqual([expect.objectContaining({ field: 'attachments.0', key: 'unknown_attachment' })]);
    const tooMany = await call(member, 'post', '/api/v1/activitystreams/network/activities', { content: '<p>Look</p>', attachments: Array.from({ length: 21 }, () => own) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors).toContainEqual({ field: 'attachments', key: 'too_big' });
    expect(await head()).toBe(before);
    // the member's own upload alone is accepted, and every member sees it in the network stream
    const { id } = await must<{ id: string }>(member, 'post', '/api/v1/activitystreams/network/activities', { content: '<p>Look</p>', attachments: [own] });
    const seen = await must<ActivityDto>(auditor, 'get', `/api/v1/activities/${id}`);
    expect(((await download(auditor, seen.attachments[0]?.url ?? '')).body as Buffer).toString()).toBe('mine\n');
  });

  it('the post lists its files exactly to those whom the read-through route answers, for every role', async () => {
    const { admin, member, guest, auditor } = clients;
    const memo = await upload(member, 'Memo.txt', Buffer.from('memo\n'));
    const { id } = await must<{ id: string }>(member, 'post', `/api/v1/activitystreams/${club.slug}/activities`, { content: '<p>Memo</p>', attachments: [memo] });
    const url = `/api/v1/activities/${id}/attachments/${memo}`;
    const seen: Record<string, string> = {};
    for (const [role, client] of Object.entries({ author: member, network_admin: admin, external: guest, outsider: auditor })) {
      const view = await call(client, 'get', `/api/v1/activities/${id}`);
      const listed = view.status === 200 && (view.body as ActivityDto).attachments.some((attachment) => attachment.url === url);
      const status = (await download(client, url)).status;
      expect(status === 200).toBe(listed);
      seen[role] = `${view.status}/${status}`;
    }
    expect(seen).toEqual({ author: '200/200', network_admin: '200/200', external: '404/404', outsider: '404/404' });
    // an edit of the text alone keeps the files
    await must(member, 'put', `/api/v1/activities/${id}`, { content: '<p>Memo, edited</p>' });
    expect((await must<ActivityDto>(admin, 'get', `/api/v1/activities/${id}`)).attachments.map((attachment) => attachment.name)).toEqual(['Memo.txt']);
  });

  it("an edit naming files changes what the post carries: kept ones at their version, new ones by the posting's rule, refusals appending nothing", async () => {
    const { admin, member, auditor } = clients;
    const minutes = await upload(admin, 'Agenda.txt', Buffer.from('Agenda, version 1\n'));
    await must(admin, 'post', '/api/storage/files/publish', { files: [{ id: minutes }], folder_ids: [groupRootFolderId(club.id)] });
    const photo = await upload(admin, 'Stage.png', PNG);
    const { id } = await must<{ id: string }>(admin, 'post', `/api/v1/activitystreams/${club.slug}/activities`, { content: '<p>Agenda</p>', attachments: [minutes, photo] });
    const v2 = await raw(admin, 'post', `/api/storage/files/${minutes}/versions`).attach('file', Buffer.from('Agenda, version 2\n'), 'Agenda.txt');
    expect(v2.status).toBeLessThan(300);

    // refused: another member's upload, an unknown id (at their index), another's post, too many; nothing appended
    const foreign = await upload(auditor, 'Foreign.txt', Buffer.from('not yours\n'));
    const before = await head();
    for (const attachments of [[minutes, foreign], [minutes, 'no-such-file']]) {
      const refused = await call(admin, 'put', `/api/v1/activities/${id}`, { content: '<p>Agenda</p>', attachments });
      expect([refused.status, refused.body.errors]).toEqual([422, [expect.objectContaining({ field: 'attachments.1', key: 'unknown_attachment' })]]);
    }
    expect((await call(member, 'put', `/api/v1/activities/${id}`, { content: '<p>Mine now</p>', attachments: [] })).status).toBe(403);
    expect((await call(admin, 'put', `/api/v1/activities/${id}`, { content: '<p>x</p>', attachments: Array.from({ length: 21 }, () => minutes) })).status).toBe(400);
    expect(await head()).toBe(before);

    // the photo goes, an upload comes; the minutes stay pinned to the version posted
    const seating = await upload(admin, 'Seating.txt', Buffer.from('seating\n'));
    await must(admin, 'put', `/api/v1/activities/${id}`, { content: '<p>Agenda and seating</p>', attachments: [{ id: minutes }, seating] });
    const events = await demo.running.infra.eventStore.readStream(activityStream(id));
    expect(events.at(-1)).toMatchObject({ type: 'ActivityEdited', data: { attachments: [expect.objectContaining({ file_id: minutes, version_id: (events[0]?.data as { attachments: Array<{ version_id: string }> }).attachments[0]?.version_id }), expect.objectContaining({ file_id: seating, name: 'Seating.txt' })] } });
    const seen = await must<ActivityDto>(member, 'get', `/api/v1/activities/${id}`);
    expect(seen.attachments.map((attachment) => attachment.name)).toEqual(['Agenda.txt', 'Seating.txt']);
    expect(((await download(member, seen.attachments[0]?.url ?? '')).body as Buffer).toString()).toBe('Agenda, version 1\n');
    expect(((await download(member, seen.attachments[1]?.url ?? '')).body as Buffer).toString()).toBe('seating\n');
    // the removed photo is no longer read through the post
    expect((await download(member, `/api/v1/activities/${id}/attachments/${photo}`)).status).toBe(404);
    // an empty list takes every file off the post
    await must(admin, 'put', `/api/v1/activities/${id}`, { content: '<p>No files</p>', attachments: [] });
    expect((await must<ActivityDto>(member, 'get', `/api/v1/activities/${id}`)).attachments).toEqual([]);
  });
});
