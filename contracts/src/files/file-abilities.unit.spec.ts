import { canSeeScope, fileAbilities, folderAbilities, managesScope, type FileFacts, type FileScope, type FileViewer, type FolderFacts } from '../index';

const viewer = (memberId: string, overrides: Partial<FileViewer> = {}): FileViewer => ({
  member_id: memberId,
  network_admin: false,
  external: false,
  group_ids: [],
  admin_group_ids: [],
  category_admin_group_ids: [],
  ...overrides,
});
const NOW = new Date('2026-12-07T12:00:00.000Z');
const LATER = '2026-12-08T12:00:00.000Z';
const scope: FileScope = { type: 'group', group_id: 'g1' };
const folder: FolderFacts = { scope, group_archived: false, author_id: 'author' };
const file: FileFacts = { scope, group_archived: false, author_id: 'author', locked_by: null, locked_until: null };
const lockedByAuthor: FileFacts = { ...file, locked_by: 'author', locked_until: LATER };

/** the roles the files rule tells apart in a group's files */
const roles = {
  groupAdmin: viewer('ada', { group_ids: ['g1'], admin_group_ids: ['g1'] }),
  // administrates the group's category and belongs to the group
  categoryAdmin: viewer('cathy', { group_ids: ['g1'], category_admin_group_ids: ['g1'] }),
  // administrates the group's category without belonging to the group
  outsideCategoryAdmin: viewer('carl', { category_admin_group_ids: ['g1'] }),
  // administrates another category (whose group g2 they belong to) and belongs to g1
  otherCategoryAdmin: viewer('otto', { group_ids: ['g1', 'g2'], category_admin_group_ids: ['g2'] }),
  // a network admin who belongs to the group without administrating it, and one outside it
  networkAdmin: viewer('nathan', { network_admin: true, group_ids: ['g1'] }),
  outsideNetworkAdmin: viewer('olga', { network_admin: true }),
  member: viewer('mia', { group_ids: ['g1'] }),
  nonMember: viewer('nina'),
};

describe('file abilities: group admins and their category\'s administrators', () => {
  it('a category\'s administrator or a network admin who belongs to the group manages its files as its admins do', () => {
    for (const role of ['groupAdmin', 'categoryAdmin', 'networkAdmin'] as const) {
      const who = roles[role];
      expect(canSeeScope(scope, who)).toBe(true);
      expect(managesScope(scope, who)).toBe(true);
      expect(folderAbilities(folder, who)).toEqual({ destroy: true, update: true, create_subfolders: true, add_files: true });
      expect(fileAbilities(file, who, NOW)).toEqual({ update: true, move: true, destroy: true, lock: true, unlock: false, add_version: true, approve: true, finalize: true });
      // someone else's lock: lifted, and it does not stop them
      expect(fileAbilities(lockedByAuthor, who, NOW)).toEqual({ update: true, move: true, destroy: true, lock: false, unlock: true, add_version: true, approve: true, finalize: true });
    }
  });

  it('a member, and another category\'s administrator, only contribute: their own items, no approvals, no one else\'s lock', () => {
    for (const role of ['member', 'otherCategoryAdmin'] as const) {
      const who = roles[role];
      expect(canSeeScope(scope, who)).toBe(true);
      expect(managesScope(scope, who)).toBe(false);
      expect(folderAbilities(folder, who)).toEqual({ destroy: false, update: false, create_subfolders: true, add_files: true });
      expect(fileAbilities(file, who, NOW)).toEqual({ update: false, move: false, destroy: false, lock: true, unlock: false, add_version: true, approve: false, finalize: false });
      expect(fileAbilities(lockedByAuthor, who, NOW)).toEqual({ update: false, move: false, destroy: false, lock: false, unlock: false, add_version: false, approve: false, finalize: false });
    }
  });

  it('files follow membership: the category\'s administrator or a network admin outside the group is refused everything, like any non-member', () => {
    for (const role of ['outsideCategoryAdmin', 'outsideNetworkAdmin', 'nonMember'] as const) {
      const who = roles[role];
      expect(canSeeScope(scope, who)).toBe(false);
      expect(managesScope(scope, who)).toBe(false);
      expect(folderAbilities(folder, who)).toEqual({ destroy: false, update: false, create_subfolders: false, add_files: false });
      expect(Object.values(fileAbilities(lockedByAuthor, who, NOW)).some(Boolean)).toBe(false);
    }
  });

  it('the category\'s administrators manage neither the network\'s files nor an archived group\'s', () => {
    const cathy = roles.categoryAdmin;
    expect(managesScope({ type: 'network', group_id: null }, cathy)).toBe(false);
    expect(fileAbilities({ ...file, scope: { type: 'network', group_id: null } }, cathy, NOW).destroy).toBe(false);
    expect(folderAbilities({ ...folder, group_archived: true }, cathy)).toEqual({ destroy: false, update: false, create_subfolders: false, add_files: false });
    expect(fileAbilities({ ...file, group_archived: true }, cathy, NOW).approve).toBe(false);
  });

  it('a finalized file stays as it is for them too; only a lock still held may be lifted', () => {
    const finalized = { ...lockedByAuthor, finalized_at: '2026-12-01T00:00:00.000Z' };
    expect(fileAbilities(finalized, roles.categoryAdmin, NOW)).toEqual({ update: false, move: false, destroy: false, lock: false, unlock: true, add_version: false, approve: true, finalize: false });
  });
});

describe('file abilities: activity-stream folders', () => {
  const streamFolder: FolderFacts = { scope, group_archived: false, author_id: null, activitystream: true };
  const posted: FileFacts = { ...file, in_activitystream_folder: true };

  it('holds no subfolders and is neither edited nor deleted; its scope\'s members add files (by posting)', () => {
    for (const role of ['groupAdmin', 'member'] as const) expect(folderAbilities(streamFolder, roles[role])).toEqual({ destroy: false, update: false, create_subfolders: false, add_files: true });
    expect(Object.values(folderAbilities(streamFolder, roles.nonMember)).some(Boolean)).toBe(false);
  });

  it('its files are renamed and deleted by the same rule as anywhere, never moved out', () => {
    for (const role of Object.keys(roles) as Array<keyof typeof roles>) {
      const anywhere = fileAbilities(file, roles[role], NOW);
      expect(fileAbilities(posted, roles[role], NOW)).toEqual({ ...anywhere, move: false });
    }
    expect(fileAbilities(file, roles.groupAdmin, NOW).move).toBe(true);
  });
});
