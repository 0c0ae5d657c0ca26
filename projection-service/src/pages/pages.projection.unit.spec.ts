import { pagesStream } from '@cn/contracts';
import { project, projectEachTwice, recorded } from '../__tests__/events';
import { pagesProjection } from './pages.projection';

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
});
