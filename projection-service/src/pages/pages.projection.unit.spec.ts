import { pagesStream } from '@cn/contracts';
import { project, projectEachTwice, recorded } from '../__tests__/events';
import { pagesProjection, pageVersionId, pageVersionsProjection } from './pages.projection';

const on = { streamId: pagesStream(), memberId: 'admin' };
const fields = { page_id: 'p1', title: 'About', slug: 'about', content: '<p>Hi</p>', visibility: 'members' as const };
const history = [
  recorded('PageCreated', fields, on),
  recorded('PageEdited', { ...fields, title: 'About us', slug: 'about-us', visibility: 'internal' as const }, on),
];

describe('pages projection', () => {
  it('keeps the page as last edited, the revision the decider counts and who saw it before', () => {
    expect(project(pagesProjection, history, 'p1')).toMatchObject({ title: 'About us', slug: 'about-us', content: '<p>Hi</p>', visibility: 'internal', previous_visibility: 'members', deleted: false, revision: 2 });
  });

  it('keeps a deleted page flagged, without its content, so that its removal reaches who saw it', () => {
    expect(project(pagesProjection, [...history, recorded('PageDeleted', { page_id: 'p1' }, on)], 'p1')).toMatchObject({ deleted: true, content: '', previous_visibility: 'internal', revision: 3 });
  });

  it('changes nothing when events are applied twice', () => {
    expect(projectEachTwice(pagesProjection, history, 'p1')).toEqual(project(pagesProjection, history, 'p1'));
  });

  it('keeps each version as made, keyed by its event: a replay writes the same version again', () => {
    const restored = recorded('PageVersionRestored', { ...fields, slug: 'about-us', visibility: 'internal' as const, restored_version: 1 }, on);
    const events = [...history, restored];
    const id = pageVersionId('p1', restored.position);
    expect(project(pageVersionsProjection, events, id)).toMatchObject({ page_id: 'p1', kind: 'restored', restored_version: 1, title: 'About', content: '<p>Hi</p>', member_id: 'admin' });
    expect(projectEachTwice(pageVersionsProjection, events, id)).toEqual(project(pageVersionsProjection, events, id));
    expect(project(pageVersionsProjection, events, pageVersionId('p1', history[0].position))).toMatchObject({ kind: 'created', restored_version: null, title: 'About' });
    expect(project(pagesProjection, events, 'p1')).toMatchObject({ content: '<p>Hi</p>', revision: 3 });
  });
});
