import { randomUUID } from 'node:crypto';
import {
  activityStream,
  activityStreamFolderIdOf,
  fileStream,
  groupRootFolderId,
  NETWORK_ACTIVITY_STREAM_FOLDER_ID,
  type ActivityDto,
  type FileDetailsDto,
  type FolderContentsDto,
  type GroupCategoriesResponse,
  type GroupDetailDto,
  type UploadedFileAnswer,
} from '@cn/contracts';
import { readZipEntries } from '@cn/platform/testing';
import { useDemoServer } from './testing/demo-server';
import { binaryBody, httpCaller, type SignedInClient } from './testing/signed-in-client';

type Client = SignedInClient;

/**
 * Activity-stream folders and who opens a post's files, all services in one process: the uploads a post
 * carries are published into the activity-stream folder of the post's scope (listed in the root, its own
 * flags: nothing moves in or out, no subfolders, rename and delete as anywhere); a post's files open only
 * for who sees the post **and** the file's folder, and the post lists exactly those (an open group's
 * stream is seen by non-members and network admins, its files are not).
 */
describe('activity-stream folders over HTTP', () => {
  const demo = useDemoServer('files-activitystream');
  const clients = demo.clients;
  const { call, must, request: raw } = httpCaller(() => demo.server);
  let singers = { slug: '', id: '' };

  const upload = async (client: Client, name: string, text: string): Promise<string> => {
    const res = await raw(client, 'post', '/api/storage/files').attach('file', Buffer.from(text), name);
    expect(res.status).toBe(201);
    return (res.body as UploadedFileAnswer).id;
  };
  const download = (client: Client, url: string) => raw(client, 'get', url).buffer(true).parse(binaryBody);
  const head = () => demo.running.infra.eventStore.headPosition();
  const groupStreamFolder = () => activityStreamFolderIdOf({ type: 'group', group_id: singers.id });

  beforeAll(async () => {
    // an open group the member founds: the network admin is no member of it; the auditor sees its stream, not its files
    const { member } = clients;
    const categorySlug = (await must<GroupCategoriesResponse>(member, 'get', '/api/v1/group_categories')).group_categories[0].slug;
    const { slug } = await must<{ slug: string }>(member, 'post', '/groups', { group_category_slug: categorySlug, group: { name: 'Open singers', access: 'open' } });
    singers = { slug, id: (await must<GroupDetailDto>(member, 'get', `/api/v1/groups/${slug}`)).id };
  });

  it("a post's upload lives in the group's activity-stream folder, listed in the root with its own flags; nothing moves in or out, no subfolders; rename and delete as elsewhere", async () => {
    const { member, auditor, admin } = clients;
    const photo = await upload(member, 'Concert.txt', 'concert\n');
    const { id: postId } = await must<{ id: string }>(member, 'post', `/api/v1/activitystreams/${singers.slug}/activities`, { content: '<p>Concert</p>', attachments: [photo] });
    const published = (await demo.running.infra.eventStore.readStream(fileStream(photo))).find((event) => event.type === 'FilePublished');
    expect(published?.data).toMatchObject({ scope_type: 'group', group_id: singers.id, folder_id: groupStreamFolder() });

    const root = await must<FolderContentsDto>(member, 'get', `/api/storage/folders/${groupRootFolderId(singers.id)}`);
    expect(root.folders[0]).toMatchObject({
      id: groupStreamFolder(),
      type: 'activitystream_folder',
      parent_folder_id: groupRootFolderId(singers.id),
      total_files_count: 1,
      can: { destroy: false, update: false, create_subfolders: false, add_files: true },
    });
    expect(root.folder.total_subfolders_count).toBe(root.folders.length);
    const streamFolder = await must<FolderContentsDto>(member, 'get', `/api/storage/folders/${groupStreamFolder()}`);
    expect(streamFolder.breadcrumbs.map((crumb) => crumb.id)).toEqual([groupRootFolderId(singers.id), groupStreamFolder()]);
    expect(streamFolder.files.map((file) => [file.id, file.can.update, file.can.move, file.can.destroy])).toEqual([[photo, true, false, true]]);

    // refused with nothing appended: out of the folder, into it (one file and a batch), a subfolder in it, a folder into it
    const elsewhere = await upload(member, 'Elsewhere.txt', 'elsewhere\n');
    await must(member, 'post', '/api/storage/files/publish', { files: [{ id: elsewhere }], folder_ids: [groupRootFolderId(singers.id)] });
    const { id: folderId } = await must<{ id: string }>(member, 'post', '/api/storage/folders', { name: 'Scores', parent_folder_id: groupRootFolderId(singers.id) });
    const before = await head();
    const refusals = [
      await call(member, 'put', `/api/storage/files/${photo}/move`, { target_folder_id: groupRootFolderId(singers.id) }),
      await call(member, 'put', `/api/storage/files/${elsewhere}/move`, { target_folder_id: groupStreamFolder() }),
      await call(member, 'post', '/api/storage/files/move', { file_ids: [photo], target_folder_id: folderId }),
      await call(member, 'put', `/api/storage/folders/${folderId}/move`, { target_folder_id: groupStreamFolder() }),
      await call(member, 'post', '/api/storage/folders', { name: 'Inside', parent_folder_id: groupStreamFolder() }),
    ];
    expect(refusals.map((res) => [res.status, res.status === 403 ? 'forbidden' : (res.body as { errors?: Array<{ field: string; key: string }> }).errors?.[0]])).toEqual([
      [422, expect.objectContaining({ field: 'target_folder_id', key: 'invalid_target' })],
      [422, expect.objectContaining({ field: 'target_folder_id', key: 'invalid_target' })],
      // the batch refuses every item with the one-item rule (a refused target is named as such)
      [422, expect.objectContaining({ field: 'target_folder_id', key: 'invalid_target' })],
      [422, expect.objectContaining({ field: 'target_folder_id', key: 'invalid_target' })],
      [403, 'forbidden'],
    ]);
    expect(await head()).toBe(before);

    // outside the group the folder does not exist, whoever sees the group's stream
    for (const outsider of [auditor, admin]) {
      expect((await call(outsider, 'get', `/api/storage/folders/${groupStreamFolder()}`)).status).toBe(404);
      expect((await call(outsider, 'post', `/api/storage/folders/${groupStreamFolder()}/read`)).status).toBe(404);
    }
    // opened by a member it is marked read like any folder
    expect((await call(member, 'post', `/api/storage/folders/${groupStreamFolder()}/read`)).status).toBe(200);

    // renamed as anywhere; deleted, it leaves the folder and the post (which keeps its text)
    await must(member, 'put', `/api/storage/files/${photo}`, { name: 'Concert 2026.txt' });
    expect((await must<FolderContentsDto>(member, 'get', `/api/storage/folders/${groupStreamFolder()}`)).files.map((file) => file.name)).toEqual(['Concert 2026.txt']);
    await must(member, 'delete', `/api/storage/files/${photo}`);
    expect((await must<FolderContentsDto>(member, 'get', `/api/storage/folders/${groupStreamFolder()}`)).files).toEqual([]);
    expect((await must<FolderContentsDto>(member, 'get', `/api/storage/folders/${groupRootFolderId(singers.id)}`)).folders.map((folder) => folder.type)).not.toContain('activitystream_folder');
    const post = await must<ActivityDto>(member, 'get', `/api/v1/activities/${postId}`);
    expect([post.html_content, post.attachments]).toEqual(['<p>Concert</p>', []]);
    expect((await download(member, `/api/v1/activities/${postId}/attachments/${photo}`)).status).toBe(404);
  });

  it("per role: a post's files are listed exactly to those who open them, who are those who see the post and the file's folder", async () => {
    const { member, auditor, admin, guest } = clients;
    // in the open group's stream: an upload (into its activity-stream folder) and a file of the group's root
    const sheet = await upload(member, 'Sheet.txt', 'sheet\n');
    const minutes = await upload(member, 'Minutes.txt', 'minutes\n');
    await must(member, 'post', '/api/storage/files/publish', { files: [{ id: minutes }], folder_ids: [groupRootFolderId(singers.id)] });
    const { id: groupPost } = await must<{ id: string }>(member, 'post', `/api/v1/activitystreams/${singers.slug}/activities`, { content: '<p>Sheet</p>', attachments: [sheet, minutes] });
    // in the network's stream: the group's file beside an upload (into the network's activity-stream folder)
    const flyer = await upload(member, 'Flyer.txt', 'flyer\n');
    const { id: networkPost } = await must<{ id: string }>(member, 'post', '/api/v1/activitystreams/network/activities', { content: '<p>Flyer</p>', attachments: [flyer, minutes] });
    expect((await must<FolderContentsDto>(member, 'get', `/api/storage/folders/${NETWORK_ACTIVITY_STREAM_FOLDER_ID}`)).files.map((file) => file.id)).toContain(flyer);

    const seen: Record<string, Record<string, string>> = {};
    for (const [role, client] of Object.entries({ group_member: member, non_member: auditor, network_admin: admin, external: guest })) {
      seen[role] = {};
      for (const [postName, postId, files] of [
        ['group_post', groupPost, { sheet, minutes }],
        ['network_post', networkPost, { flyer, minutes }],
      ] as const) {
        const view = await call(client, 'get', `/api/v1/activities/${postId}`);
        const listed = view.status === 200 ? (view.body as ActivityDto).attachments.map((attachment) => attachment.id) : [];
        for (const [fileName, fileId] of Object.entries(files)) {
          const status = (await download(client, `/api/v1/activities/${postId}/attachments/${fileId}`)).status;
          // the post's list and its route agree
          expect([role, postName, fileName, listed.includes(fileId)]).toEqual([role, postName, fileName, status === 200]);
          // and both agree with the files area: the file's page answers the same
          const page = await call(client, 'get', `/api/storage/files/${fileId}`);
          if (status === 200) expect([role, fileName, page.status]).toEqual([role, fileName, 200]);
          seen[role][`${postName}.${fileName}`] = `${view.status}/${status}`;
        }
      }
    }
    expect(seen.group_member).toEqual({ 'group_post.sheet': '200/200', 'group_post.minutes': '200/200', 'network_post.flyer': '200/200', 'network_post.minutes': '200/200' });
    // they see the open group's post, never its files, neither there nor in the network's post
    for (const role of ['non_member', 'network_admin'])
      expect(seen[role]).toEqual({ 'group_post.sheet': '200/404', 'group_post.minutes': '200/404', 'network_post.flyer': '200/200', 'network_post.minutes': '200/404' });
    // an external member never opens the group's files, whatever they see of the posts
    expect([seen.external['group_post.sheet'].endsWith('/404'), seen.external['group_post.minutes'].endsWith('/404'), seen.external['network_post.minutes'].endsWith('/404')]).toEqual([true, true, true]);
    // the files' own pages: 404 for the group's files outside it, the network's stream folder file for every internal member
    expect((await call(auditor, 'get', `/api/storage/files/${sheet}`)).status).toBe(404);
    expect((await call(admin, 'get', `/api/storage/files/${minutes}`)).status).toBe(404);
    expect((await must<FileDetailsDto>(auditor, 'get', `/api/storage/files/${flyer}`)).file).toMatchObject({ folder_id: NETWORK_ACTIVITY_STREAM_FOLDER_ID, can: { move: false } });

    // the new-files form into the activity-stream folder posts the files in its stream, even unasked
    const handout = await upload(member, 'Handout.txt', 'handout\n');
    await must(member, 'post', '/api/storage/files/publish', { files: [{ id: handout }], folder_ids: [groupStreamFolder()], post_to_stream: false });
    const stream = await must<{ activities: ActivityDto[] }>(auditor, 'get', `/api/v1/activitystreams/${singers.slug}/activities`);
    const announced = stream.activities.find((activity) => activity.html_content.includes('Handout.txt'));
    expect([announced?.author?.id, announced?.attachments]).toEqual([member.id, []]);
    expect((await must<ActivityDto>(member, 'get', `/api/v1/activities/${announced?.id ?? ''}`)).attachments.map((attachment) => attachment.id)).toEqual([handout]);

    // a zip of the group's root holds the activity-stream folder's files, and so does a zip of that folder alone
    const zipOf = async (folderId: string): Promise<string[]> => {
      const { token } = await must<{ token: string }>(member, 'post', '/api/v1/file_token', { file_ids: [], folder_ids: [folderId], current_folder_id: folderId });
      const res = await download(member, `/api/storage/v2/archive?token=${encodeURIComponent(token)}`);
      expect(res.status).toBe(200);
      return readZipEntries(res.body as Buffer).map((entry) => entry.name);
    };
    expect(await zipOf(groupRootFolderId(singers.id))).toContain('Open singers/activitystream/Sheet.txt');
    expect((await zipOf(groupStreamFolder())).sort()).toEqual(['activitystream/Handout.txt', 'activitystream/Sheet.txt']);
  });
  it('a post from before activity-stream folders (its upload never published) opens for who sees the post and its scope, and its uploader', async () => {
    const { member, auditor, admin } = clients;
    const draft = await upload(member, 'Old draft.txt', 'old\n');
    const version = (await demo.running.infra.eventStore.readStream(fileStream(draft)))[0]?.data as { version_id: string };
    // the post as it was written before: the upload carried, never published into a folder
    const id = randomUUID();
    await demo.running.infra.eventStore.append(
      activityStream(id),
      [
        {
          id: randomUUID(),
          type: 'ActivityPosted',
          data: { activity_id: id, group_id: singers.id, author_id: member.id, html_content: '<p>Old</p>', attachments: [{ file_id: draft, version_id: version.version_id, name: 'Old draft.txt' }] },
          metadata: { memberId: member.id, occurredAt: new Date().toISOString(), correlationId: randomUUID(), causationId: randomUUID(), schemaVersion: 2 },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    // any later answer makes the caller read past that append
    await upload(member, 'Later.txt', 'later\n');
    const url = `/api/v1/activities/${id}/attachments/${draft}`;
    const answers: Record<string, string> = {};
    for (const [role, client] of Object.entries({ uploader: member, non_member: auditor, network_admin: admin })) {
      const view = await must<ActivityDto>(client, 'get', `/api/v1/activities/${id}`);
      const status = (await download(client, url)).status;
      expect(view.attachments.some((attachment) => attachment.url === url)).toBe(status === 200);
      answers[role] = `${view.attachments.length}/${status}`;
    }
    expect(answers).toEqual({ uploader: '1/200', non_member: '0/404', network_admin: '0/404' });
  });
});
