import type { PageEvent } from '@cn/contracts';
import { deciderSpecification } from '@cn/platform/testing';
import { pagesDecider, type PagesCommand } from './pages.decider';

const fields = { page_id: 'p1', title: 'About', slug: 'about', content: '<p>Hi</p>', visibility: 'members' as const };
const created: PageEvent[] = [{ type: 'PageCreated', data: fields }];
const edit = (change: Partial<Extract<PagesCommand, { type: 'EditPage' }>> = {}): PagesCommand => ({ type: 'EditPage', ...fields, content: '<p>New</p>', revision: 1, ...change });

describe('pagesDecider', () => {
  const spec = deciderSpecification(pagesDecider);
  it('creates a page, refusing a slug another page has', () => {
    spec.given([]).when({ type: 'CreatePage', ...fields }).then(created);
    expect(spec.given(created).when({ type: 'CreatePage', ...fields, page_id: 'p2' }).thenRefused('slug_taken').field).toBe('slug');
  });
  it('edits at the revision the form was read at, never undoing another edit', () => {
    spec.given(created).when(edit()).then([{ type: 'PageEdited', data: { ...fields, content: '<p>New</p>' } }]);
    const edited: PageEvent[] = [...created, { type: 'PageEdited', data: { ...fields, content: '<p>New</p>' } }];
    expect(spec.given(edited).when(edit({ content: '<p>Other</p>' })).thenRefused('concurrency_conflict').kind).toBe('conflict');
    spec.given(edited).when(edit({ content: '<p>Other</p>', revision: 2 })).then([{ type: 'PageEdited', data: { ...fields, content: '<p>Other</p>' } }]);
    expect(spec.given(edited).when(edit({ revision: 2 })).thenRefused('nothing_changed').kind).toBe('refused');
  });
  it('keeps slugs unique on edit and frees the slug of a deleted page', () => {
    const two: PageEvent[] = [...created, { type: 'PageCreated', data: { ...fields, page_id: 'p2', slug: 'team' } }];
    spec.given(two).when(edit({ page_id: 'p2', slug: 'about' })).thenRefused('slug_taken');
    const deleted: PageEvent[] = [...two, { type: 'PageDeleted', data: { page_id: 'p1' } }];
    spec.given(deleted).when(edit({ page_id: 'p2', slug: 'about' })).then([{ type: 'PageEdited', data: { ...fields, page_id: 'p2', content: '<p>New</p>' } }]);
    spec.given(deleted).when(edit()).thenRefused('not_found');
    spec.given(deleted).when({ type: 'DeletePage', page_id: 'p1' }).thenRefused('not_found');
  });

  it('restores an earlier version as the newest, keeping slug and visibility, never against a stale revision', () => {
    const edited: PageEvent[] = [...created, { type: 'PageEdited', data: { ...fields, title: 'About us', slug: 'about-us', content: '<p>New</p>', visibility: 'internal' } }];
    const restore = (change: Partial<Extract<PagesCommand, { type: 'RestorePageVersion' }>> = {}): PagesCommand => ({ type: 'RestorePageVersion', page_id: 'p1', version: 1, revision: 2, ...change });
    spec.given(edited).when(restore()).then([{ type: 'PageVersionRestored', data: { page_id: 'p1', title: 'About', slug: 'about-us', content: '<p>Hi</p>', visibility: 'internal', restored_version: 1 } }]);
    // someone saved after the history was read: their edit is never silently undone
    const later: PageEvent[] = [...edited, { type: 'PageEdited', data: { ...fields, slug: 'about-us', content: '<p>Newer</p>', visibility: 'internal' } }];
    expect(spec.given(later).when(restore()).thenRefused('concurrency_conflict').kind).toBe('conflict');
    spec.given(later).when(restore({ version: 2, revision: 3 })).then([{ type: 'PageVersionRestored', data: { page_id: 'p1', title: 'About us', slug: 'about-us', content: '<p>New</p>', visibility: 'internal', restored_version: 2 } }]);
    // a restore is a version too: it can itself be restored from, and counts in the revision
    const restored: PageEvent[] = [...edited, { type: 'PageVersionRestored', data: { page_id: 'p1', title: 'About', slug: 'about-us', content: '<p>Hi</p>', visibility: 'internal', restored_version: 1 } }];
    spec.given(restored).when(restore({ version: 2, revision: 3 })).then([{ type: 'PageVersionRestored', data: { page_id: 'p1', title: 'About us', slug: 'about-us', content: '<p>New</p>', visibility: 'internal', restored_version: 2 } }]);
    expect(spec.given(restored).when(restore({ version: 3, revision: 3 })).thenRefused('nothing_changed').kind).toBe('refused');
    expect(spec.given(edited).when(restore({ version: 3 })).thenRefused('not_found').field).toBe('version');
    spec.given([...edited, { type: 'PageDeleted', data: { page_id: 'p1' } }]).when(restore()).thenRefused('not_found');
  });
});
