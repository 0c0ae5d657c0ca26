import { fileViewsStream, groupRootFolderId, type ActivityDto, type GroupCategoriesResponse, type GroupDetailDto, type MessageDetailDto, type UploadedFileAnswer } from '@cn/contracts';
import { useDemoServer } from './testing/demo-server';
import { binaryBody, httpCaller, type SignedInClient } from './testing/signed-in-client';

/**
 * Downloading a message's or a post's attachment is a view of the file, like opening its page
 * (docs/FILES.md "Views"): FileViewed on `fileviews-{id}`, once per member, recorded by the read side when it
 * serves the bytes to a member who may read them through the carrier. An image's size (a thumbnail) is no
 * view; whoever may not read the carrier gets 404 and nothing is appended.
 */
describe('views of attachments', () => {
  const demo = useDemoServer('attachment-views');
  const clients: Record<string, SignedInClient> = demo.clients;
  const { call, must, request: raw } = httpCaller(() => demo.server);
  const upload = async (client: SignedInClient, name: string, bytes: Buffer): Promise<string> => {
    const res = await raw(client, 'post', '/api/storage/files').attach('file', bytes, name);
    expect(res.status).toBe(201);
    return (res.body as UploadedFileAnswer).id;
  };
  const download = (client: SignedInClient, url: string) => raw(client, 'get', url).buffer(true).parse(binaryBody);
  const viewers = async (fileId: string) =>
    (await demo.running.infra.eventStore.readStream(fileViewsStream(fileId))).map((event) => [event.type, (event.data as { member_id: string }).member_id]);

  it('counts a message attachment downloaded by its recipient and its sender once each; an outsider gets 404 and counts nothing', async () => {
    const { admin, member, auditor } = clients;
    const fileId = await upload(admin, 'Agenda.txt', Buffer.from('Agenda\n'));
    const { id } = await must<{ id: string }>(admin, 'post', '/api/v1/messages', { to: [member.id], subject: 'Agenda', content: 'See the file', attachments: [fileId] });
    const url = (await must<MessageDetailDto>(member, 'get', `/api/v1/messages/${id}`)).attachments[0]?.url ?? '';
    expect(url).toBe(`/api/v1/messages/${id}/files/${fileId}`);

    expect(await viewers(fileId)).toEqual([]);
    for (let time = 0; time < 3; time += 1) expect((await download(member, url)).status).toBe(200);
    expect(await viewers(fileId)).toEqual([['FileViewed', member.id]]);
    expect((await download(admin, url)).status).toBe(200);
    expect(await viewers(fileId)).toEqual([
      ['FileViewed', member.id],
      ['FileViewed', admin.id],
    ]);

    const head = await demo.running.infra.eventStore.headPosition();
    const refused = await download(auditor, url);
    expect(refused.status).toBe(404);
    expect(await demo.running.infra.eventStore.headPosition()).toBe(head);
    expect(await viewers(fileId)).toHaveLength(2);
  });

  it("counts a group post's attachment once per reader; a non-member gets 404 with nothing appended, a thumbnail is no view", async () => {
    const { admin, member, auditor } = clients;
    const categorySlug = (await must<GroupCategoriesResponse>(admin, 'get', '/api/v1/group_categories')).group_categories[0].slug;
    const { slug } = await must<{ slug: string }>(admin, 'post', '/groups', { group_category_slug: categorySlug, group: { name: 'Viewing circle', access: 'hidden' } });
    const group = await must<GroupDetailDto>(admin, 'get', `/api/v1/groups/${slug}`);
    await must(admin, 'post', `/groups/${slug}/membership_invites`, { membership_ids: [member.id] });
    const invites = await must<{ invites: Array<{ id: string; invitable: { slug: string } }> }>(member, 'get', '/api/v1/group_invites');
    await must(member, 'post', `/api/v1/group_invites/${invites.invites.find((entry) => entry.invitable.slug === slug)?.id ?? ''}/accept`);

    const minutes = await upload(admin, 'Minutes.txt', Buffer.from('Minutes\n'));
    await must(admin, 'post', '/api/storage/files/publish', { files: [{ id: minutes }], folder_ids: [groupRootFolderId(group.id)] });
    const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    const photo = await upload(admin, 'Dot.png', PNG);
    const { id } = await must<{ id: string }>(admin, 'post', `/api/v1/activitystreams/${slug}/activities`, { content: '<p>Minutes</p>', attachments: [{ id: minutes }, photo] });
    const seen = await must<ActivityDto>(member, 'get', `/api/v1/activities/${id}`);
    const [file, image] = seen.attachments;

    const head = await demo.running.infra.eventStore.headPosition();
    expect((await download(auditor, file?.url ?? '')).status).toBe(404);
    expect(await demo.running.infra.eventStore.headPosition()).toBe(head);

    expect((await download(member, file?.url ?? '')).status).toBe(200);
    expect((await download(member, file?.url ?? '')).status).toBe(200);
    expect(await viewers(minutes)).toEqual([['FileViewed', member.id]]);
    // the file counts the same views whether opened through the post or its page
    expect((await call(member, 'post', `/api/storage/files/${minutes}/track_view`)).status).toBe(200);
    expect(await viewers(minutes)).toEqual([['FileViewed', member.id]]);

    expect((await download(member, image?.thumbnail_url ?? '')).status).toBe(200);
    expect(await viewers(photo)).toEqual([]);
    expect((await download(member, image?.url ?? '')).status).toBe(200);
    expect(await viewers(photo)).toEqual([['FileViewed', member.id]]);
  });
});
