import { NAVIGATION_STANDARD_LINKS, NAVIGATION_STANDARD_TARGETS, navigationLinkOf, navigationRequestSchema } from './navigation';

const errorsOf = (navigation_items: unknown[]) => {
  const parsed = navigationRequestSchema.safeParse({ navigation_items, revision: 0 });
  return parsed.success ? [] : parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
};

describe('navigation link types', () => {
  it('needs the target of the link type chosen, not a free link, and a standard target the console has', () => {
    expect(errorsOf([{ text: 'Rooms', link_type: 'app', target: 'rooms' }])).toEqual([]);
    expect(errorsOf([{ text: 'Rooms', link_type: 'app', link: '/apps/rooms' }])).toEqual([{ path: 'navigation_items.0.target', message: 'empty_fields' }]);
    expect(errorsOf([{ text: 'Site', link: 'https://example.org' }])).toEqual([]);
    expect(errorsOf([{ text: 'Site', link_type: 'link', target: 'rooms' }])).toEqual([{ path: 'navigation_items.0.link', message: 'empty_fields' }]);
    expect(errorsOf([{ text: 'Top', navigation_items: [{ text: 'Odd', link_type: 'standard', target: 'kitchen' }] }])).toEqual([{ path: 'navigation_items.0.navigation_items.0.target', message: 'invalid_value' }]);
    expect(errorsOf([{ text: 'Odd', link_type: 'elsewhere', target: 'x' }])).toEqual([{ path: 'navigation_items.0.link_type', message: 'invalid_value' }]);
  });

  it("resolves a page by its current slug, an app by its slug, a standard module by its route, a free link as typed", () => {
    const slugs: Record<string, string> = { p1: 'house rules' };
    const slugOf = (id: string) => slugs[id] ?? null;
    expect(navigationLinkOf({ link: '/typed', link_type: 'page', target: 'p1' }, slugOf)).toBe('/pages/house%20rules');
    expect(navigationLinkOf({ link: '', link_type: 'page', target: 'gone' }, slugOf)).toBe('');
    expect(navigationLinkOf({ link: '', link_type: 'app', target: 'rooms' }, slugOf)).toBe('/apps/rooms');
    expect(navigationLinkOf({ link: '', link_type: 'standard', target: 'tasks' }, slugOf)).toBe('/tasks/my');
    expect(navigationLinkOf({ link: '', link_type: 'standard', target: 'toString' }, slugOf)).toBe('');
    // items saved before link types existed are free links
    expect(navigationLinkOf({ link: 'https://example.org' }, slugOf)).toBe('https://example.org');
    expect(NAVIGATION_STANDARD_TARGETS.every((target) => NAVIGATION_STANDARD_LINKS[target].startsWith('/'))).toBe(true);
  });
});
