import { createBodyOf, editBodyOf } from './legal-texts-data-provider';

describe('legal texts data provider', () => {
  it('sends an edit only the fields the command takes, at the revision the record was read at', () => {
    const record = { id: 't1', name: 'Terms', handle: 'terms', statement: '', text: '<p>x</p>', requires_consent: true, revision: 4, versions: [{ version: 1 }], acceptance_count: 3 };
    expect(editBodyOf(record)).toEqual({ name: 'Terms', handle: 'terms', statement: '', text: '<p>x</p>', requires_consent: true, revision: 4 });
  });

  it('leaves an empty handle to the server, which derives it from the name', () => {
    expect(createBodyOf({ name: 'Terms', handle: ' ', text: '<p>x</p>' })).toEqual({ name: 'Terms', statement: '', text: '<p>x</p>', requires_consent: false, read_only: false });
  });
});
