import { activityStream, groupRootFolderId, NETWORK_ROOT_FOLDER_ID, type ActivitiesResponse, type ActivityDto, type GroupCategoriesResponse, type GroupDetailDto, type UploadedFileAnswer } from '@cn/contracts';
import { useDemoServer } from './testing/demo-server';
import { binaryBody, httpCaller, type SignedInClient } from './testing/signed-in-client';

type Client = SignedInClient;

/**
 * The new-files form's post_to_stream, all services in one process: the uploader's post announcing the
 * published files, with them attached, in the group's stream for a group folder (never the network's) and
 * in the network's for a network folder; a retried form posts nothing more; without it nothing is posted.
 */
describe('publishing files with post_to_stream over HTTP', () => {
  const demo = useDemoServer('files-post-to-stream');
  const clients = demo.clients;
  const { call, must, request: raw } = httpCaller(() => demo.server);
  let club = { slug: '', id: '' };

  const upload = async (client: Client, name: string, text: string): Promise<string> => {
    const res = await raw(client, 'post', '/api/storage/files').attach('file', Buffer.from(text), name);
    expect(res.status).toBe(201);
    return (res.body as UploadedFileAnswer).id;
  };
  const download = (client: Client, url: string) => raw(client, 'get', url).buffer(true).parse(binaryBody);
  /** the posts of a stream carrying a file */
  const postsWith = async (client: Client, slug: string, fileId: string): Promise<ActivityDto[]> =>
    (await must<ActivitiesResponse>(client, 'get', `/api/v1/activitystreams/${slug}/activities`)).activities.filter((activity) => activity.attachments.some((file) => file.id === fileId));
  const hiddenGroupOf = async (name: string, member: Client): Promise<{ slug: string; id: string }> => {
    const { admin } = clients;
    const categorySlug = (await must<GroupCategoriesResponse>(admin, 'get', '/api/v1/group_categories')).group_categories[0].slug;
    const { slug } = await must<{ slug: string }>(admin, 'post', '/groups', { group_category_slug: categorySlug, group: { name, access: 'hidden' } });
    await must(admin, 'post', `/groups/${slug}/membership_invites`, { membership_ids: [member.id] });
    const invites = await must<{ invites: Array<{ id: string; invitable: { slug: string } }> }>(member, 'get', '/api/v1/group_invites');
    await must(member, 'post', `/api/v1/group_invites/${invites.invites.find((entry) => entry.invitable.slug === slug)?.id ?? ''}/accept`);
    return { slug, id: (await must<GroupDetailDto>(admin, 'get', `/api/v1/groups/${slug}`)).id };
  };

  beforeAll(async () => {
    club = await hiddenGroupOf('Choir', clients.member);
    // the auditor is a member of another group, not of the choir
    await hiddenGroupOf('Chess club', clients.auditor);
  });

  it("posts a group folder's files in the group's stream only, by the uploader, with the files attached; a member of another group sees neither; a retry posts nothing more", async () => {
    const { member, auditor } = clients;
    const score = await upload(member, 'Score.txt', 'la la la\n');
    const lyrics = await upload(member, 'Lyrics <draft>.txt', 'words\n');
    const form = { files: [{ id: score }, { id: lyrics }], folder_ids: [groupRootFolderId(club.id)], description: 'For Friday', post_to_stream: true };
    await must(member, 'post', '/api/storage/files/publish', form);

    const [post, ...more] = await postsWith(member, club.slug, score);
    expect(more).toEqual([]);
    expect(post).toMatchObject({ stream: { slug: club.slug }, author: { id: member.id } });
    expect(post?.attachments.map((file) => [file.id, file.name])).toEqual([[score, 'Score.txt'], [lyrics, 'Lyrics <draft>.txt']]);
    expect(post?.html_content).toContain('Lyrics &lt;draft&gt;.txt');
    expect(((await download(member, post?.attachments[0]?.url ?? '')).body as Buffer).toString()).toBe('la la la\n');
    // the group's files never reach the network stream
    expect(await postsWith(member, 'network', score)).toEqual([]);
    expect(await postsWith(member, 'all', score)).toHaveLength(1);

    // a member of another group: no post, no file through it, nothing in their streams
    expect((await call(auditor, 'get', `/api/v1/activities/${post?.id ?? ''}`)).status).toBe(404);
    expect((await download(auditor, post?.attachments[0]?.url ?? '')).status).toBe(404);
    expect(await postsWith(auditor, 'all', score)).toEqual([]);
    expect(await postsWith(auditor, 'network', score)).toEqual([]);

    // the form sent again: the files are published already and the post is there; nothing is appended
    const head = await demo.running.infra.eventStore.headPosition();
    await must(member, 'post', '/api/storage/files/publish', form);
    expect(await demo.running.infra.eventStore.headPosition()).toBe(head);
    expect(await postsWith(member, club.slug, score)).toHaveLength(1);
    expect((await demo.running.infra.eventStore.readStream(activityStream(post?.id ?? ''))).map((event) => event.type)).toEqual(['ActivityPosted']);
  });

  it("posts a network folder's files in the network stream, seen by every member", async () => {
    const { member, auditor } = clients;
    const agenda = await upload(member, 'Agenda.txt', 'agenda\n');
    await must(member, 'post', '/api/storage/files/publish', { files: [{ id: agenda }], folder_ids: [NETWORK_ROOT_FOLDER_ID], post_to_stream: true });
    const [post] = await postsWith(auditor, 'network', agenda);
    expect(post).toMatchObject({ stream: { slug: 'network' }, author: { id: member.id }, attachments: [expect.objectContaining({ id: agenda, name: 'Agenda.txt' })] });
    expect(((await download(auditor, post?.attachments[0]?.url ?? '')).body as Buffer).toString()).toBe('agenda\n');
  });

  it('posts nothing without post_to_stream', async () => {
    const { member } = clients;
    const quiet = await upload(member, 'Quiet.txt', 'shh\n');
    const head = await demo.running.infra.eventStore.headPosition();
    await must(member, 'post', '/api/storage/files/publish', { files: [{ id: quiet }], folder_ids: [groupRootFolderId(club.id)], post_to_stream: false });
    const appended = await demo.running.infra.eventStore.readAll({ after: head });
    expect(appended.map((event) => event.type)).toEqual(['FilePublished']);
    expect(await postsWith(member, club.slug, quiet)).toEqual([]);
  });
});
