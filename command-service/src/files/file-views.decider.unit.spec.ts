import type { FileViewEvent } from '@cn/contracts';
import { deciderSpecification } from '@cn/platform/testing';
import { fileViewsDecider, type TrackFileView } from './file-views.decider';

const views = deciderSpecification(fileViewsDecider);
const throughScope = { published_in_visible_scope: true, own_upload: false };
const view = (memberId: string, facts: TrackFileView['facts'] = throughScope): TrackFileView => ({ type: 'TrackFileView', file_id: 'file1', member_id: memberId, facts });
const viewed = (memberId: string): FileViewEvent => ({ type: 'FileViewed', data: { file_id: 'file1', member_id: memberId } });

describe('tracking views of a file', () => {
  it("records a member's first view of a file they read through its scope", () => {
    views.given([]).when(view('max')).then([viewed('max')]);
    views.given([viewed('max')]).when(view('ada')).then([viewed('ada')]);
  });

  it("counts a member once: their later views append nothing", () => {
    views.given([viewed('max')]).when(view('max')).then([]);
    views.given([viewed('max'), viewed('ada')]).when(view('ada')).then([]);
  });

  it('refuses whoever may not read the file (404: they do not learn it exists)', () => {
    views.given([]).when(view('sam', { published_in_visible_scope: false, own_upload: false })).thenRefused('not_found');
  });

  it('counts no view of an upload not published yet (its uploader reads it, it has no statistics)', () => {
    views.given([]).when(view('max', { published_in_visible_scope: false, own_upload: true })).then([]);
  });
});
