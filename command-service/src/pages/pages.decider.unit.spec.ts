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
});
