import { jest } from '@jest/globals';
import { groupRootFolderId, type ApprovalDto, type FileDetailsDto, type FolderContentsDto, type GroupCategoriesResponse, type UploadedFileAnswer } from '@cn/contracts';
import { httpCaller, signInClient, type SignedInClient } from './testing/signed-in-client';
import { useDemoServer } from './testing/demo-server';

type Client = SignedInClient;
const ROLES = ['groupAdmin', 'categoryAdmin', 'outsideCategoryAdmin', 'otherCategoryAdmin', 'networkAdmin', 'outsideNetworkAdmin', 'member', 'nonMember'] as const;
type Role = (typeof ROLES)[number];
/** who manages the group's files: whoever administrates the group (groupAbilities: its admins, its category's administrators, network admins) while they belong to it */
const MANAGES: readonly Role[] = ['groupAdmin', 'categoryAdmin', 'networkAdmin'];
/** whose group's files do not exist: everybody outside the group, the category's administrators and network admins included */
const OUTSIDE: readonly Role[] = ['outsideCategoryAdmin', 'outsideNetworkAdmin', 'nonMember'];

/**
 * A category's administrators and network admins manage the files of a group as the group's admins do, where
 * they see them (files follow membership). For each role (the group's admin, its category's administrator in
 * the group and outside it, another category's administrator in the group, a network admin in the group (not
 * its admin) and outside it, a member, a non-member), on items another member made, every `can` flag the
 * console receives is what the server answers, and the flags are the expected ones.
 */
jest.setTimeout(120_000);

describe('files of a group: its category\'s administrators manage them as its admins do', () => {
  const demo = useDemoServer('files-category-admin');
  const clients = {} as Record<Role | 'author' | 'proposer', Client>;
  const { call, must, request } = httpCaller(() => demo.server);
  const ok = (status: number): boolean => status >= 200 && status < 300;

  let slug = '';
  let groupId = '';
  let groupRoot = '';
  let categoryId = '';
  const upload = async (client: Client, name: string, path = '/api/storage/files'): Promise<UploadedFileAnswer> => {
    const res = await request(client, 'post', path).attach('file', Buffer.from(`bytes of ${name}`), name);
    expect(res.status).toBe(201);
    return res.body as UploadedFileAnswer;
  };
  const published = async (client: Client, folderId: string, name: string): Promise<string> => {
    const { id } = await upload(client, name);
    await must(client, 'post', '/api/storage/files/publish', { files: [{ id }], folder_ids: [folderId] });
    return id;
  };
  const newMember = async (name: string, networkAdmin = false): Promise<Client> => {
    const email = `${name.toLowerCase()}@example.org`;
    const roles = { network_admin: networkAdmin, auditor: false, external: false };
    await must(demo.clients.admin, 'post', '/administration/members', { user: { email, password: 'a good passphrase for tests', first_name: name, last_name: 'Files', roles } });
    return signInClient(demo.server, email, 'a good passphrase for tests');
  };

  beforeAll(async () => {
    const admin = demo.clients.admin;
    const [category] = ((await call(admin, 'get', '/api/v1/group_categories')).body as GroupCategoriesResponse).group_categories;
    categoryId = category.id;
    const other = await must<{ id: string }>(admin, 'post', '/administration/group-categories', { category: { name: 'Elsewhere', plural_name: 'Elsewheres', members_can_create: true } });
    for (const [key, name] of [
      ['groupAdmin', 'Gina'],
      ['categoryAdmin', 'Cathy'],
      ['outsideCategoryAdmin', 'Carl'],
      ['otherCategoryAdmin', 'Otto'],
      ['networkAdmin', 'Nathan'],
      ['outsideNetworkAdmin', 'Olga'],
      ['member', 'Mia'],
      ['nonMember', 'Nina'],
      ['author', 'Arthur'],
      ['proposer', 'Paula'],
    ] as const) {
      clients[key] = await newMember(name, key === 'networkAdmin' || key === 'outsideNetworkAdmin');
    }
    const group = await must<{ id: string; slug: string }>(admin, 'post', '/groups', { group_category_slug: category.slug, group: { name: 'Category files' } });
    slug = group.slug;
    groupId = group.id;
    groupRoot = groupRootFolderId(group.id);
    for (const key of ['groupAdmin', 'categoryAdmin', 'otherCategoryAdmin', 'networkAdmin', 'member', 'author', 'proposer'] as const) await must(clients[key], 'post', `/api/v1/groups/${slug}/join`);
    await must(admin, 'put', `/groups/${slug}/administration/admins/${clients.groupAdmin.id}`);
    for (const [key, administered] of [
      ['categoryAdmin', categoryId],
      ['outsideCategoryAdmin', categoryId],
      ['otherCategoryAdmin', other.id],
    ] as const) {
      await must(admin, 'put', `/administration/group-categories/${administered}/administrators/${clients[key].id}`);
    }
  });

  /** items the author made for one role's walk: a folder with a subfolder to delete and one to batch-delete, files to rename, delete, unlock and approve */
  const fixtures = async (role: string) => {
    const author = clients.author;
    const folder = await must<{ id: string }>(author, 'post', '/api/storage/folders', { name: `Folder for ${role}`, parent_folder_id: groupRoot });
    const doomedFolder = await must<{ id: string }>(author, 'post', '/api/storage/folders', { name: `Doomed for ${role}`, parent_folder_id: folder.id });
    const batchFolder = await must<{ id: string }>(author, 'post', '/api/storage/folders', { name: `Batch for ${role}`, parent_folder_id: folder.id });
    const file = await published(author, folder.id, `${role}.txt`);
    const doomed = await published(author, folder.id, `${role}-doomed.txt`);
    const batchFile = await published(author, folder.id, `${role}-batch.txt`);
    const locked = await published(author, folder.id, `${role}-locked.txt`);
    await must(author, 'put', `/api/storage/files/${locked}/lock`, {});
    const reviewed = await published(author, folder.id, `${role}-reviewed.txt`);
    // a member who may not change the file proposes a version: it awaits approval
    await upload(clients.proposer, `${role}-reviewed.txt`, `/api/storage/files/${reviewed}/versions`);
    const [pending] = (await must<FileDetailsDto>(clients.proposer, 'get', `/api/storage/files/${reviewed}`)).pending_versions;
    expect(pending).toBeDefined();
    return { folder: folder.id, doomedFolder: doomedFolder.id, batchFolder: batchFolder.id, file, doomed, batchFile, locked, reviewed, version: pending.id };
  };

  for (const role of ROLES) {
    it(`as ${role}`, async () => {
      const client = clients[role];
      const item = await fixtures(role);
      const folderView = await call(client, 'get', `/api/storage/folders/${item.folder}`);
      const approvalPath = `/api/storage/approval?context_type=group&context_id=${groupId}`;

      if (OUTSIDE.includes(role)) {
        // the group's files do not exist for them, whatever they administrate: every call is a 404
        const answers = [
          folderView,
          await call(client, 'get', `/api/storage/files/${item.file}`),
          await call(client, 'get', approvalPath),
          await call(client, 'put', `/api/storage/folders/${item.folder}`, { name: 'Taken over' }),
          await call(client, 'delete', `/api/storage/folders/${item.doomedFolder}`),
          await call(client, 'put', `/api/storage/files/${item.file}`, { name: 'taken.txt' }),
          await call(client, 'delete', `/api/storage/files/${item.locked}/lock`),
          await call(client, 'post', `/api/storage/files/${item.reviewed}/pending_versions/${item.version}/approve`),
          await call(client, 'delete', `/api/storage/files/${item.doomed}`),
          await call(client, 'delete', '/api/storage/files', { file_ids: [item.batchFile], folder_ids: [item.batchFolder] }),
        ];
        expect(answers.map((res) => res.status)).toEqual(answers.map(() => 404));
        return;
      }

      expect(folderView.status).toBe(200);
      const contents = folderView.body as FolderContentsDto;
      const folderCan = contents.folder.can;
      const doomedFolderCan = contents.folders.find((child) => child.id === item.doomedFolder)?.can;
      const batchFolderCan = contents.folders.find((child) => child.id === item.batchFolder)?.can;
      const fileCan = contents.files.find((file) => file.id === item.file)?.can;
      const doomedCan = contents.files.find((file) => file.id === item.doomed)?.can;
      const batchFileCan = contents.files.find((file) => file.id === item.batchFile)?.can;
      const lockedCan = (await must<FileDetailsDto>(client, 'get', `/api/storage/files/${item.locked}`)).file.can;
      const reviewedView = await must<FileDetailsDto>(client, 'get', `/api/storage/files/${item.reviewed}`);
      const manages = MANAGES.includes(role);

      // the flags a manager gets, and a contributor does not, on someone else's items
      expect([folderCan.update, doomedFolderCan?.destroy, fileCan?.update, doomedCan?.destroy, lockedCan.unlock, lockedCan.update, reviewedView.file.can.approve]).toEqual(
        [manages, manages, manages, manages, manages, manages, manages],
      );
      expect([folderCan.create_subfolders, folderCan.add_files]).toEqual([true, true]);
      // pending versions are shown to those who decide them (and each proposer their own), as the approval page lists them
      expect(reviewedView.pending_versions.map((version) => version.id)).toEqual(manages ? [item.version] : []);
      const approval = await must<ApprovalDto>(client, 'get', approvalPath);
      expect(approval.versions.some((version) => version.id === item.version)).toBe(manages);

      // each flag is the server's answer
      expect(ok((await call(client, 'post', '/api/storage/folders', { name: 'Sub', parent_folder_id: item.folder })).status)).toBe(folderCan.create_subfolders);
      expect(ok((await call(client, 'put', `/api/storage/folders/${item.folder}`, { name: `Renamed by ${role}` })).status)).toBe(folderCan.update);
      expect(ok((await call(client, 'delete', `/api/storage/folders/${item.doomedFolder}`)).status)).toBe(doomedFolderCan?.destroy);
      expect(ok((await call(client, 'put', `/api/storage/files/${item.file}`, { name: `renamed by ${role}.txt` })).status)).toBe(fileCan?.update);
      expect(ok((await call(client, 'put', `/api/storage/files/${item.locked}`, { name: `unlocked by ${role}.txt` })).status)).toBe(lockedCan.update);
      expect(ok((await call(client, 'delete', `/api/storage/files/${item.locked}/lock`)).status)).toBe(lockedCan.unlock);
      expect(ok((await call(client, 'post', `/api/storage/files/${item.reviewed}/pending_versions/${item.version}/approve`)).status)).toBe(reviewedView.file.can.approve);
      expect(ok((await call(client, 'delete', `/api/storage/files/${item.doomed}`)).status)).toBe(doomedCan?.destroy);
      const batch = await call(client, 'delete', '/api/storage/files', { file_ids: [item.batchFile], folder_ids: [item.batchFolder] });
      expect(ok(batch.status)).toBe(!!batchFileCan?.destroy && !!batchFolderCan?.destroy);

      // what was accepted is what the files now show
      const after = await must<FolderContentsDto>(clients.author, 'get', `/api/storage/folders/${item.folder}`);
      expect(after.folder.name).toBe(manages ? `Renamed by ${role}` : `Folder for ${role}`);
      expect(after.files.some((file) => file.id === item.doomed)).toBe(!manages);
      expect(after.folders.some((child) => child.id === item.doomedFolder)).toBe(!manages);
      const reviewedAfter = await must<FileDetailsDto>(clients.proposer, 'get', `/api/storage/files/${item.reviewed}`);
      expect(reviewedAfter.pending_versions.length).toBe(manages ? 0 : 1);
      expect(reviewedAfter.versions.length).toBe(manages ? 2 : 1);
    });
  }

  it('a category administrator named no longer manages the group\'s files at once, and is refused', async () => {
    const cathy = clients.categoryAdmin;
    const item = await fixtures('removed');
    expect((await must<FileDetailsDto>(cathy, 'get', `/api/storage/files/${item.file}`)).file.can.update).toBe(true);
    await must(demo.clients.admin, 'delete', `/administration/group-categories/${categoryId}/administrators/${cathy.id}`);
    const can = (await must<FileDetailsDto>(cathy, 'get', `/api/storage/files/${item.file}`)).file.can;
    expect([can.update, can.destroy, can.approve]).toEqual([false, false, false]);
    expect((await call(cathy, 'put', `/api/storage/files/${item.file}`, { name: 'too late.txt' })).status).toBe(403);
    expect((await call(cathy, 'post', `/api/storage/files/${item.reviewed}/pending_versions/${item.version}/approve`)).status).toBe(403);
    // named again, she manages them again
    await must(demo.clients.admin, 'put', `/administration/group-categories/${categoryId}/administrators/${cathy.id}`);
    expect((await must<FileDetailsDto>(cathy, 'get', `/api/storage/files/${item.file}`)).file.can.update).toBe(true);
    expect((await call(cathy, 'put', `/api/storage/files/${item.file}`, { name: 'in time.txt' })).status).toBe(200);
  });
});
