import { navigationBodyOf } from '@cn/contracts';
import { linkTypeChoices } from './navigation-data-provider';

describe('navigation data provider', () => {
  it('sends items with their flags and children (depth 2) and the revision read', () => {
    expect(navigationBodyOf([{ text: 'Links', navigation_items: [{ text: 'Site', link: 'https://example.org', new_window: true, public: false }] }], 3)).toEqual({
      navigation_items: [
        { text: 'Links', link: '', link_type: 'link', public: false, new_window: false, navigation_items: [{ text: 'Site', link: 'https://example.org', link_type: 'link', public: false, new_window: true }] },
      ],
      revision: 3,
    });
  });

  it('sends the target of a chosen page, app or module, not the address typed before the type changed', () => {
    expect(
      navigationBodyOf([{ text: 'Work', link: '/old', link_type: 'app', target: 'rooms', navigation_items: [{ text: 'Rules', link: 'x', link_type: 'page', target: 'p1' }, { text: 'Site', link: 'https://example.org', target: 'rooms' }] }], 0)
        .navigation_items,
    ).toEqual([
      {
        text: 'Work',
        link: '',
        link_type: 'app',
        target: 'rooms',
        public: false,
        new_window: false,
        navigation_items: [
          { text: 'Rules', link: '', link_type: 'page', target: 'p1', public: false, new_window: false },
          { text: 'Site', link: 'https://example.org', link_type: 'link', public: false, new_window: false },
        ],
      },
    ]);
  });

  it('offers pages and apps as link types only when the network has some', () => {
    expect(linkTypeChoices({ pages: 0, apps: 0 }).map((choice) => choice.id)).toEqual(['link', 'standard']);
    expect(linkTypeChoices({ pages: 2, apps: 1 }).map((choice) => choice.id)).toEqual(['link', 'page', 'app', 'standard']);
  });
});
