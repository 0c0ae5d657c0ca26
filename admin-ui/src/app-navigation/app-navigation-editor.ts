import {
  APP_NAVIGATION_ITEMS,
  APP_NAVIGATION_TYPE_ICONS,
  isDefaultAppNavigationType,
  isSameHostLink,
  mayBeEntryPoint,
  parseAppLink,
  unusedDefaultTypes,
  type AppNavigationItem,
  type AppNavigationType,
} from '@cn/contracts';

/**
 * The app navigation editor's behaviour as plain functions over its items (spec "messages, files, …" §5):
 * every change answers the next list, with 'more' listing the built-in items not placed and an entry
 * point set whenever one may be.
 */

const isMore = (item: AppNavigationItem): boolean => item.type === 'more';

/** 'more' lists the defaults the others leave out, and the first item that may open the app does when none is chosen */
export const settled = (items: readonly AppNavigationItem[]): AppNavigationItem[] => {
  const unused = unusedDefaultTypes(items.filter((item) => !isMore(item)).map((item) => item.type));
  const next = items.map((item) => (isMore(item) ? { ...item, isEntryPoint: false, options: { items: unused } } : item.isEntryPoint && !mayBeEntryPoint(item.type) ? { ...item, isEntryPoint: false } : item));
  if (!next.some((item) => item.isEntryPoint)) {
    const first = next.findIndex((item) => mayBeEntryPoint(item.type));
    if (first >= 0) next[first] = { ...next[first], isEntryPoint: true };
  }
  return next;
};

/** the options a type starts with: a link opens in the webview unless told otherwise */
const optionsOf = (type: AppNavigationType): AppNavigationItem['options'] => (type === 'link' ? { url: '', open_in: 'webview' } : {});

/** a new type: its own icon and options; built-in items are default (their title is the app's), others not */
export const changeType = (items: readonly AppNavigationItem[], index: number, type: AppNavigationType): AppNavigationItem[] => {
  const item = items[index];
  if (!item || isMore(item) || type === 'more' || item.type === type) return [...items];
  const isDefault = isDefaultAppNavigationType(type);
  const changed: AppNavigationItem = {
    ...item,
    type,
    icon: APP_NAVIGATION_TYPE_ICONS[type],
    isDefault,
    label: isDefault ? '' : item.isDefault ? '' : item.label,
    isEntryPoint: item.isEntryPoint && mayBeEntryPoint(type),
    options: optionsOf(type),
  };
  return settled(items.map((other, at) => (at === index ? changed : other)));
};

/** the types an item may take: custom ones (a page only when pages exist) and the built-in items 'more' still lists */
export const typeChoices = (items: readonly AppNavigationItem[], index: number, pagesExist: boolean): AppNavigationType[] => {
  const own = items[index]?.type;
  const unused = unusedDefaultTypes(items.filter((item, at) => !isMore(item) && at !== index).map((item) => item.type));
  return [...(['link', 'activitystream'] as const), ...(pagesExist || own === 'page' ? (['page'] as const) : []), ...unused];
};

export const canAdd = (items: readonly AppNavigationItem[]): boolean => items.length < APP_NAVIGATION_ITEMS && unusedDefaultTypes(items.map((item) => item.type)).length > 0;

let added = 0;
const newId = (): string => {
  added += 1;
  return `item-${Date.now().toString(36)}-${added}`;
};

/** a new item before 'more': the first built-in item 'more' lists, taken out of it */
export const addItem = (items: readonly AppNavigationItem[], id: string = newId()): AppNavigationItem[] => {
  if (!canAdd(items)) return [...items];
  const type = unusedDefaultTypes(items.map((item) => item.type))[0];
  const item: AppNavigationItem = { id, type, label: '', icon: APP_NAVIGATION_TYPE_ICONS[type], isEntryPoint: false, isDefault: true, options: {} };
  const more = items.findIndex(isMore);
  const at = more < 0 ? items.length : more;
  return settled([...items.slice(0, at), item, ...items.slice(at)]);
};

/** a removed built-in item goes back to 'more'; 'more' itself stays */
export const removeItem = (items: readonly AppNavigationItem[], index: number): AppNavigationItem[] => {
  const item = items[index];
  if (!item || isMore(item)) return [...items];
  return settled(items.filter((_, at) => at !== index));
};

/** reordering among the items before 'more' (it stays last) */
export const moveItem = (items: readonly AppNavigationItem[], from: number, to: number): AppNavigationItem[] => {
  const more = items.findIndex(isMore);
  const last = (more < 0 ? items.length : more) - 1;
  if (from < 0 || from > last || to < 0 || to > last || from === to) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
};

export const setEntryPoint = (items: readonly AppNavigationItem[], index: number): AppNavigationItem[] => {
  if (!items[index] || !mayBeEntryPoint(items[index].type)) return [...items];
  return items.map((item, at) => ({ ...item, isEntryPoint: at === index }));
};

export const updateItem = (items: readonly AppNavigationItem[], index: number, change: Partial<Pick<AppNavigationItem, 'label' | 'icon'>>): AppNavigationItem[] =>
  items.map((item, at) => (at === index ? { ...item, ...change, label: item.isDefault ? '' : (change.label ?? item.label) } : item));

/** what the link form shows: the hint for an invalid address, and whether the browser may open it */
export const linkState = (url: string, host: string): { valid: boolean; browserAllowed: boolean } => {
  const valid = parseAppLink(url.trim()) !== null;
  return { valid, browserAllowed: valid && !isSameHostLink(url.trim(), host) };
};

/** a link's address: one on the network's host is opened in the webview, whatever was chosen */
export const setLink = (items: readonly AppNavigationItem[], index: number, change: { url?: string; open_in?: 'webview' | 'browser' }, host: string): AppNavigationItem[] =>
  items.map((item, at) => {
    if (at !== index || item.type !== 'link') return item;
    const url = change.url ?? item.options.url ?? '';
    const wanted = change.open_in ?? item.options.open_in ?? 'webview';
    return { ...item, options: { url, open_in: linkState(url, host).browserAllowed ? wanted : 'webview' } };
  });

export const setStream = (items: readonly AppNavigationItem[], index: number, stream: { slug: string; name: string } | null): AppNavigationItem[] =>
  items.map((item, at) => (at === index && item.type === 'activitystream' ? { ...item, options: stream ? { activitystream: stream } : {} } : item));

export const setPage = (items: readonly AppNavigationItem[], index: number, page: { slug: string; name: string } | null): AppNavigationItem[] =>
  items.map((item, at) => (at === index && item.type === 'page' ? { ...item, label: item.label || (page?.name ?? ''), options: page ? { page } : {} } : item));

/** saving needs exactly five items and an entry point (the server checks again) */
export const saveBlockers = (items: readonly AppNavigationItem[]): Array<'five_items' | 'entry_point'> => [
  ...(items.length === APP_NAVIGATION_ITEMS ? [] : (['five_items'] as const)),
  ...(items.some((item) => item.isEntryPoint) ? [] : (['entry_point'] as const)),
];

/** the PUT body: the items as the command takes them and the revision read */
export const appNavigationBodyOf = (items: readonly AppNavigationItem[], revision: number) => ({
  items: items.map((item) => ({ id: item.id, type: item.type, label: item.label, icon: item.icon, isEntryPoint: item.isEntryPoint, isDefault: item.isDefault, options: item.options })),
  revision,
});
