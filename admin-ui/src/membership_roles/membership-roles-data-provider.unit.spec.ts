import { createBodyOf, editBodyOf } from './membership-roles-data-provider';

describe('membership roles data provider', () => {
  it('sends an edit the whole role with its members at the revision read, never the slug or the count', () => {
    const record = { id: 'r1', slug: 'chair-r1', name: 'Chair', plural_name: 'Chairs', color: '#112233', text_color: '#ffffff', member_ids: ['ann'], member_count: 1, revision: 3 };
    expect(editBodyOf(record)).toEqual({ name: 'Chair', plural_name: 'Chairs', color: '#112233', text_color: '#ffffff', member_ids: ['ann'], revision: 3 });
  });

  it('leaves colours not chosen to the server and sends no members as an empty list', () => {
    expect(createBodyOf({ name: 'Chair', plural_name: 'Chairs', color: '', member_ids: undefined })).toEqual({ name: 'Chair', plural_name: 'Chairs', member_ids: [] });
  });
});
