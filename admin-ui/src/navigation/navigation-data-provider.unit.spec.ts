import { navigationBodyOf } from './navigation-data-provider';

describe('navigation data provider', () => {
  it('sends items with their flags and children (depth 2) and the revision read', () => {
    expect(navigationBodyOf([{ text: 'Links', navigation_items: [{ text: 'Site', link: 'https://example.org', new_window: true, public: false }] }], 3)).toEqual({
      navigation_items: [{ text: 'Links', link: '', public: false, new_window: false, navigation_items: [{ text: 'Site', link: 'https://example.org', public: false, new_window: true }] }],
      revision: 3,
    });
  });
});
