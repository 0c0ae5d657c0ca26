import { defaultAppNavigation, type AppNavigationItem } from '@cn/contracts';
import { addItem, appNavigationBodyOf, canAdd, changeType, linkState, moveItem, removeItem, saveBlockers, setEntryPoint, setLink, setPage, settled, typeChoices, updateItem } from './app-navigation-editor';

const HOST = 'net.example.org';
const types = (items: readonly AppNavigationItem[]) => items.map((item) => item.type);
const more = (items: readonly AppNavigationItem[]) => items.at(-1)?.options.items ?? [];
const entry = (items: readonly AppNavigationItem[]) => items.findIndex((item) => item.isEntryPoint);

describe('app navigation editor', () => {
  it('makes the first eligible item (no link, not more) the entry point when none is set', () => {
    const items = defaultAppNavigation().map((item) => ({ ...item, isEntryPoint: false }));
    const linkFirst = changeType(items, 0, 'link');
    expect(entry(linkFirst)).toBe(1);
    expect(entry(settled(items))).toBe(0);
    // the entry point turned into a link: the next eligible item opens the app
    const start = setEntryPoint(defaultAppNavigation(), 2);
    expect(entry(changeType(start, 2, 'link'))).toBe(0);
  });

  it("moves a built-in item out of 'more' when chosen, and back when the type changes again", () => {
    const items = defaultAppNavigation();
    expect(more(items)).toContain('search');
    const searching = changeType(items, 3, 'search');
    expect(more(searching)).not.toContain('search');
    expect(more(searching)).toContain('files');
    const linked = changeType(searching, 3, 'link');
    expect(more(linked)).toEqual(expect.arrayContaining(['search', 'files']));
    expect(typeChoices(linked, 3, false)).toEqual(expect.arrayContaining(['link', 'activitystream', 'search', 'files']));
    expect(typeChoices(linked, 3, false)).not.toContain('page');
    expect(typeChoices(linked, 3, true)).toContain('page');
    expect(typeChoices(linked, 3, false)).not.toContain('messages');
  });

  it('names the chosen page on a page item, its title taken from the page until one is typed', () => {
    const paged = changeType(defaultAppNavigation(), 1, 'page');
    const chosen = setPage(paged, 1, { slug: 'handbook', name: 'Handbook' });
    expect(chosen[1]).toMatchObject({ type: 'page', label: 'Handbook', options: { page: { slug: 'handbook', name: 'Handbook' } } });
    expect(setPage(updateItem(paged, 1, { label: 'Rules' }), 1, { slug: 'handbook', name: 'Handbook' })[1].label).toBe('Rules');
    expect(setPage(chosen, 1, null)[1].options).toEqual({});
    expect(setPage(chosen, 0, { slug: 'x', name: 'X' })[0]).toEqual(chosen[0]);
  });

  it('resets the icon and marks the item non-default when its type changes', () => {
    const items = updateItem(defaultAppNavigation(), 1, { icon: 'star' });
    expect(items[1].icon).toBe('star');
    const changed = changeType(items, 1, 'activitystream');
    expect(changed[1]).toMatchObject({ type: 'activitystream', icon: 'groups', isDefault: false, options: {} });
    expect(changeType(changed, 1, 'link')[1]).toMatchObject({ icon: 'link', isDefault: false, options: { url: '', open_in: 'webview' } });
    expect(changeType(changed, 1, 'search')[1]).toMatchObject({ icon: 'search', isDefault: true, label: '' });
  });

  it("keeps default items' titles and lets others be titled", () => {
    expect(updateItem(defaultAppNavigation(), 1, { label: 'Mail' })[1].label).toBe('');
    const linked = changeType(defaultAppNavigation(), 1, 'link');
    expect(updateItem(linked, 1, { label: 'Website' })[1].label).toBe('Website');
  });

  it('disables adding at five items; removing returns a built-in item to more, and adding takes one out', () => {
    const items = defaultAppNavigation();
    expect(canAdd(items)).toBe(false);
    expect(addItem(items, 'x')).toEqual(items);
    const removed = removeItem(items, 2);
    expect(types(removed)).toEqual(['activitystreams', 'messages', 'files', 'more']);
    expect(more(removed)).toContain('appointments');
    expect(saveBlockers(removed)).toEqual(['five_items']);
    expect(canAdd(removed)).toBe(true);
    const readded = addItem(removed, 'x');
    expect(types(readded)).toEqual(['activitystreams', 'messages', 'files', 'default', 'more']);
    expect(more(readded)).not.toContain('default');
    expect(saveBlockers(readded)).toEqual([]);
    expect(removeItem(items, 4)).toEqual(items);
  });

  it("reorders the first four and keeps 'more' last", () => {
    const items = defaultAppNavigation();
    expect(types(moveItem(items, 0, 3))).toEqual(['messages', 'appointments', 'files', 'activitystreams', 'more']);
    expect(moveItem(items, 4, 0)).toEqual(items);
    expect(moveItem(items, 0, 4)).toEqual(items);
  });

  it('forces the webview for an address on the network host and disables the browser there and for invalid ones', () => {
    const items = changeType(defaultAppNavigation(), 3, 'link');
    expect(linkState('not a link', HOST)).toEqual({ valid: false, browserAllowed: false });
    expect(linkState('https://net.example.org/pages/x', HOST)).toEqual({ valid: true, browserAllowed: false });
    expect(linkState('https://example.com/', HOST)).toEqual({ valid: true, browserAllowed: true });
    const browser = setLink(items, 3, { url: 'https://example.com/', open_in: 'browser' }, HOST);
    expect(browser[3].options).toEqual({ url: 'https://example.com/', open_in: 'browser' });
    expect(setLink(browser, 3, { url: 'https://net.example.org/pages/x' }, HOST)[3].options).toEqual({ url: 'https://net.example.org/pages/x', open_in: 'webview' });
    expect(setLink(items, 3, { url: 'https://net.example.org/', open_in: 'browser' }, HOST)[3].options.open_in).toBe('webview');
  });

  it('never makes a link or more the entry point, and needs one to save', () => {
    const linked = changeType(defaultAppNavigation(), 1, 'link');
    expect(setEntryPoint(linked, 1)).toEqual(linked);
    expect(setEntryPoint(linked, 4)).toEqual(linked);
    expect(entry(setEntryPoint(linked, 2))).toBe(2);
    expect(saveBlockers(linked.map((item) => ({ ...item, isEntryPoint: false })))).toEqual(['entry_point']);
  });

  it('sends the items and the revision read', () => {
    const body = appNavigationBodyOf(defaultAppNavigation(), 3);
    expect(body.revision).toBe(3);
    expect(body.items).toEqual(defaultAppNavigation());
  });
});
