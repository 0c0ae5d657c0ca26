import { jest } from '@jest/globals';
import {
  groupRootFolderId,
  NETWORK_ROOT_FOLDER_ID,
  sanitizeHtml,
  type ActivitiesResponse,
  type FileRootsDto,
  type FolderContentsDto,
  type GroupCategoriesResponse,
  type ItemResponse,
  type UploadedFileAnswer,
} from '@cn/contracts';
import { useDemoServer } from './testing/demo-server';
import { httpCaller, type SignedInClient } from './testing/signed-in-client';

/**
 * The item form's pickers over HTTP: the places the file picker offers are the server's (the network's
 * files and the member's groups'), an upload is published through the files module's publish command into
 * the group's folder the member chose and then named by the item; a non-member of the group can neither
 * see the place nor publish into it (404, nothing appended). Multiline text and html values are the posts'
 * sanitised rich text: nothing executable survives, and plain text stored before reads as paragraphs.
 */
jest.setTimeout(60_000);

describe('apps: the file picker publishes into a group folder; rich text is sanitised as posts are', () => {
  const demo = useDemoServer('app-pickers');
  const { call, must, request: raw } = httpCaller(() => demo.server);
  const upload = async (client: SignedInClient, name: string): Promise<string> => {
    const res = await raw(client, 'post', '/api/storage/files').attach('file', Buffer.from(`bytes of ${name}`), name);
    expect(res.status).toBe(201);
    return (res.body as UploadedFileAnswer).id;
  };

  let group = { id: '', slug: '', name: 'Picker crew' };
  beforeAll(async () => {
    const { admin, member } = demo.clients;
    const categories = await must<GroupCategoriesResponse>(admin, 'get', '/api/v1/group_categories');
    group = { ...group, ...(await must<{ id: string; slug: string }>(admin, 'post', '/groups', { group_category_slug: categories.group_categories[0].slug, group: { name: group.name } })) };
    await must(member, 'post', `/api/v1/groups/${group.slug}/join`);
    await must(admin, 'post', '/api/v1/apps', { slug: 'docs', name: 'Documents' });
    await must(admin, 'put', '/api/v1/apps/docs/properties/p-title', { name: 'title', label: 'Title', type: 'text' });
    await must(admin, 'put', '/api/v1/apps/docs/properties/p-file', { name: 'attachment', label: 'Attachment', type: 'file' });
    await must(admin, 'put', '/api/v1/apps/docs/properties/p-notes', { name: 'notes', label: 'Notes', type: 'text', multiline: true });
    await must(admin, 'put', '/api/v1/apps/docs/properties/p-body', { name: 'body', label: 'Body', type: 'html' });
  });

  it('lists a group\'s folder as a place only to its members, and publishes the picker\'s upload there for the item', async () => {
    const { member, guest } = demo.clients;
    const groupRoot = groupRootFolderId(group.id);
    const places = await must<FileRootsDto>(member, 'get', '/api/storage/roots');
    expect(places.roots.map((root) => [root.id, root.namespace])).toEqual(expect.arrayContaining([[NETWORK_ROOT_FOLDER_ID, 'network'], [groupRoot, 'group']]));
    expect(places.roots[0].id).toBe(NETWORK_ROOT_FOLDER_ID);
    const offered = places.roots.find((root) => root.id === groupRoot);
    expect(offered).toMatchObject({ name: group.name, can: { add_files: true } });
    // the flag is the folder's own answer
    expect((await must<FolderContentsDto>(member, 'get', `/api/storage/folders/${groupRoot}`)).folder.can).toEqual(offered?.can);
    // not a member: the place is not listed
    expect((await must<FileRootsDto>(guest, 'get', '/api/storage/roots')).roots.map((root) => root.id)).not.toContain(groupRoot);

    // the picker: upload (volatile), publish into the chosen folder, then the item names the file
    const uploaded = await upload(member, 'minutes.txt');
    const published = await must<{ file_ids: string[] }>(member, 'post', '/api/storage/files/publish', { files: [{ id: uploaded }], folder_ids: [groupRoot], description: '' });
    expect(published.file_ids).toEqual([uploaded]);
    const folder = await must<FolderContentsDto>(member, 'get', `/api/storage/folders/${groupRoot}`);
    expect(folder.files.map((file) => file.id)).toContain(uploaded);
    const { id } = await must<{ id: string }>(member, 'post', '/api/v1/apps/docs/items', { values: { title: 'Minutes', attachment: { id: uploaded, name: 'minutes', extension: 'txt' } } });
    const { item } = await must<ItemResponse>(member, 'get', `/api/v1/apps/docs/items/${id}`);
    expect(item.values.attachment).toMatchObject({ id: uploaded });
    // the group's file is not the guest's to name
    const foreign = await call(guest, 'post', '/api/v1/apps/docs/items', { values: { title: 'Not mine', attachment: { id: uploaded, name: 'minutes', extension: 'txt' } } });
    expect(foreign.status).toBe(400);
    expect((foreign.body as { errors: unknown[] }).errors).toContainEqual({ field: 'values.attachment', key: 'unknown_file' });
  });

  it('refuses a non-member publishing into the group\'s folder, and appends nothing', async () => {
    const { member, guest } = demo.clients;
    const groupRoot = groupRootFolderId(group.id);
    const own = await upload(guest, 'intruder.txt');
    const sub = await must<{ id: string }>(member, 'post', '/api/storage/folders', { name: 'Plans', parent_folder_id: groupRoot });
    const before = await demo.running.infra.eventStore.headPosition();
    for (const target of [groupRoot, sub.id]) {
      const refused = await call(guest, 'post', '/api/storage/files/publish', { files: [{ id: own }], folder_ids: [target], description: '' });
      // a group's files do not exist for a non-member
      expect(refused.status).toBe(404);
    }
    expect(await demo.running.infra.eventStore.headPosition()).toBe(before);
    // every place's flag is the publish command's answer, for the member and the guest alike
    for (const client of [member, guest]) {
      for (const root of (await must<FileRootsDto>(client, 'get', '/api/storage/roots')).roots) {
        const probe = await upload(client, `probe-${root.id}.txt`);
        const answer = await call(client, 'post', '/api/storage/files/publish', { files: [{ id: probe }], folder_ids: [root.id], description: '' });
        expect([client.email, root.id, answer.status < 300]).toEqual([client.email, root.id, root.can.add_files]);
      }
    }
    // the upload is still the guest's own, nowhere published
    expect((await must<{ state: string }>(guest, 'get', `/api/storage/uploads/${own}`)).state).toBe('volatile');
    expect((await must<FolderContentsDto>(member, 'get', `/api/storage/folders/${sub.id}`)).files).toEqual([]);
  });

  it('keeps of hostile rich text only what a post keeps: nothing executable survives', async () => {
    const { member } = demo.clients;
    const hostile =
      '<p onclick="steal()">Plan <strong>now</strong><script>alert(1)</script></p>' +
      '<a href="javascript:alert(1)">a</a><a href="&#106;avascript:alert(2)">b</a><a href="https://example.org">ok</a>' +
      '<img src=x onerror=alert(1)><svg onload=alert(1)></svg><iframe src="https://evil.example"></iframe><style>*{}</style>';
    const { id } = await must<{ id: string }>(member, 'post', '/api/v1/apps/docs/items', { values: { title: 'Hostile', notes: hostile, body: hostile } });
    const { item } = await must<ItemResponse>(member, 'get', `/api/v1/apps/docs/items/${id}`);
    const post = await must<{ id: string }>(member, 'post', '/api/v1/activitystreams/network/activities', { content: hostile });
    const stream = await must<ActivitiesResponse>(member, 'get', '/api/v1/activitystreams/network/activities');
    const posted = stream.activities.find((activity) => activity.id === post.id)?.html_content;
    for (const name of ['notes', 'body']) {
      const value = item.values[name] as string;
      expect(value).toBe(posted);
      expect(value).toBe(sanitizeHtml(value));
      expect(value).not.toMatch(/<\s*(script|img|svg|iframe|style)\b|\son\w+\s*=|javascript:/i);
      expect(value).toContain('<strong>now</strong>');
    }
    // lists and cards get the words only
    expect(item.display_values.notes).toBe('Plan now abok');

    // an edit is sanitised the same way; a plain-text value reads as paragraphs
    await must(member, 'put', `/api/v1/apps/docs/items/${id}`, { values: { notes: 'first line\nsecond < line\n\nnext' }, revision: item.revision });
    const edited = (await must<ItemResponse>(member, 'get', `/api/v1/apps/docs/items/${id}`)).item;
    expect(edited.values.notes).toBe('<p>first line<br>second &lt; line</p><p>next</p>');
  });
});
