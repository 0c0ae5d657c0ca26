import {
  appNavigationRequestSchema,
  defaultAppNavigation,
  isSameHostLink,
  normalizedAppNavigationItems,
  unusedDefaultTypes,
  type AppNavigationItem,
} from './app-navigation';

/** the answer a bad body gets: every field with its key */
const errorsOf = (body: unknown): Array<{ field: string; key: string }> => {
  const parsed = appNavigationRequestSchema.safeParse(body);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), key: issue.message }));
};

const valid = () => ({
  revision: 0,
  items: [
    { id: 'a', type: 'activitystream', label: 'Choir', icon: 'groups', isEntryPoint: true, isDefault: false, options: { activitystream: { slug: 'choir', name: 'Choir' } } },
    { id: 'b', type: 'messages', label: '', icon: 'mail', isEntryPoint: false, isDefault: true, options: {} },
    { id: 'c', type: 'link', label: 'Website', icon: 'link', isEntryPoint: false, isDefault: false, options: { url: 'https://example.org/a', open_in: 'browser' } },
    { id: 'd', type: 'files', label: '', icon: 'folder', isEntryPoint: false, isDefault: true, options: {} },
    { id: 'more', type: 'more', label: '', icon: 'more_horiz', isEntryPoint: false, isDefault: false, options: {} },
  ] as Array<Record<string, unknown>>,
});

describe('app navigation request', () => {
  it('accepts five items with an entry point and stores links in the webview unless told, and more with the unused defaults', () => {
    const body = valid();
    delete (body.items[2].options as Record<string, unknown>).open_in;
    const parsed = appNavigationRequestSchema.parse(body);
    const stored = normalizedAppNavigationItems(parsed.items);
    expect(stored[2].options).toEqual({ url: 'https://example.org/a', open_in: 'webview' });
    expect(stored[4].options.items).toEqual(['default', 'activitystreams', 'appointments', 'channels', 'directory', 'search', 'pages', 'settings']);
  });

  it('needs exactly five items', () => {
    const body = valid();
    body.items.splice(1, 1);
    expect(errorsOf(body)).toContainEqual({ field: 'items', key: 'wrong_count' });
    const six = valid();
    six.items.splice(1, 0, { id: 'x', type: 'search', label: '', icon: 'search', isEntryPoint: false, isDefault: true, options: {} });
    expect(errorsOf(six)).toContainEqual({ field: 'items', key: 'wrong_count' });
  });

  it('needs exactly one entry point, never a link or more', () => {
    const none = valid();
    none.items[0].isEntryPoint = false;
    expect(errorsOf(none)).toEqual([{ field: 'entry_point', key: 'required' }]);
    const two = valid();
    two.items[1].isEntryPoint = true;
    expect(errorsOf(two)).toEqual([{ field: 'entry_point', key: 'not_unique' }]);
    const link = valid();
    link.items[0].isEntryPoint = false;
    link.items[2].isEntryPoint = true;
    expect(errorsOf(link)).toEqual([{ field: 'items.2.isEntryPoint', key: 'not_allowed' }]);
  });

  it('refuses an invalid link, and a link without one', () => {
    const body = valid();
    body.items[2].options = { url: 'not a url', open_in: 'webview' };
    expect(errorsOf(body)).toEqual([{ field: 'items.2.options.url', key: 'invalid_link' }]);
    body.items[2].options = { url: 'javascript:alert(1)' };
    expect(errorsOf(body)).toEqual([{ field: 'items.2.options.url', key: 'invalid_link' }]);
    body.items[2].options = {};
    expect(errorsOf(body)).toEqual([{ field: 'items.2.options.url', key: 'required' }]);
  });

  it("keeps 'more' last and only there", () => {
    const body = valid();
    [body.items[3], body.items[4]] = [body.items[4], body.items[3]];
    expect(errorsOf(body)).toEqual([
      { field: 'items.3.type', key: 'more_not_last' },
      { field: 'items.4.type', key: 'more_required' },
    ]);
  });

  it('refuses titles of default items, and a built-in item placed twice', () => {
    const body = valid();
    body.items[1].label = 'Mail';
    body.items[3] = { ...body.items[1], id: 'd', label: '' };
    expect(errorsOf(body)).toEqual([
      { field: 'items.1.label', key: 'not_editable' },
      { field: 'items.3.type', key: 'taken' },
    ]);
  });

  it('marks built-in items default and others not', () => {
    const body = valid();
    body.items[1].isDefault = false;
    expect(errorsOf(body)).toEqual([{ field: 'items.1.isDefault', key: 'invalid_value' }]);
  });

  it('takes a page item naming its page, and asks for the page when it names none', () => {
    const body = valid();
    body.items[2] = { id: 'c', type: 'page', label: 'Handbook', icon: 'description', options: { page: { slug: 'handbook', name: 'Handbook' } } };
    expect(errorsOf(body)).toEqual([]);
    body.items[2] = { id: 'c', type: 'page', label: 'Handbook', icon: 'description', options: {} };
    expect(errorsOf(body)).toEqual([{ field: 'items.2.options.page', key: 'required' }]);
  });

  it("checks the 'more' list against the unused defaults", () => {
    const body = valid();
    body.items[4].options = { items: ['messages'] };
    expect(errorsOf(body)).toEqual([{ field: 'items.4.options.items', key: 'invalid_value' }]);
  });

  it('refuses icons the app does not ship and options of another type', () => {
    const body = valid();
    body.items[0].icon = 'skull';
    expect(errorsOf(body)).toEqual([{ field: 'items.0.icon', key: 'invalid_value' }]);
    const other = valid();
    other.items[1].options = { url: 'https://example.org' };
    expect(errorsOf(other)).toEqual([{ field: 'items.1.options.url', key: 'unknown_field' }]);
  });
});

describe('app navigation rules', () => {
  it('answers a default of five items, the last more with the unused defaults, and an entry point', () => {
    const items: AppNavigationItem[] = defaultAppNavigation();
    expect(items).toHaveLength(5);
    expect(items[4].type).toBe('more');
    expect(items[4].options.items).toEqual(unusedDefaultTypes(items.slice(0, 4).map((item) => item.type)));
    expect(items.filter((item) => item.isEntryPoint)).toHaveLength(1);
    expect(appNavigationRequestSchema.safeParse({ items, revision: 0 }).success).toBe(true);
  });

  it('tells links on the network host', () => {
    expect(isSameHostLink('https://net.example.org/pages/x', 'net.example.org')).toBe(true);
    expect(isSameHostLink('https://other.example.org/', 'net.example.org')).toBe(false);
    expect(isSameHostLink('nonsense', 'net.example.org')).toBe(false);
  });
});
