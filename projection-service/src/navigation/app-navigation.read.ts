import {
  APP_NAVIGATION_DEFAULT_LABELS,
  APP_NAVIGATION_MORE_LABELS,
  isDefaultAppNavigationType,
  mayBeEntryPoint,
  type AppNavigationItem,
  type MemberAppNavigationResponse,
} from '@cn/contracts';

/** what the member's app may open and how its titles read */
export interface AppNavigationViewer {
  /** the streams the member sees, by slug, with their names ('network': the network's name) */
  streams: ReadonlyMap<string, string>;
  /** the pages the member may see, by slug, with their titles (absent: no page item is left out) */
  pages?: ReadonlyMap<string, string>;
  language: string;
}

/**
 * The app navigation as one member's app shows it: default items titled in the network's language, a
 * stream without a title by its name, streams the member may not see left out (if that was the entry
 * point, the first remaining eligible item opens the app instead).
 */
export const memberAppNavigation = (items: readonly AppNavigationItem[], viewer: AppNavigationViewer): MemberAppNavigationResponse => {
  const labels = viewer.language === 'de' ? 'de' : 'en';
  const { pages } = viewer;
  const visible = items.filter(
    (item) =>
      (item.type !== 'activitystream' || viewer.streams.has(item.options.activitystream?.slug ?? '')) &&
      // a page deleted since, or one for internal members only, is no item of this member's app
      (item.type !== 'page' || !pages || pages.has(item.options.page?.slug ?? '')),
  );
  const titled = visible.map((item) => {
    let title = item.label;
    if (isDefaultAppNavigationType(item.type)) title = APP_NAVIGATION_DEFAULT_LABELS[labels][item.type];
    else if (item.type === 'more') title = APP_NAVIGATION_MORE_LABELS[labels];
    else if (item.type === 'activitystream' && title === '') title = viewer.streams.get(item.options.activitystream?.slug ?? '') ?? '';
    else if (item.type === 'page' && title === '') title = pages?.get(item.options.page?.slug ?? '') ?? item.options.page?.name ?? '';
    return { ...item, title };
  });
  if (!titled.some((item) => item.isEntryPoint)) {
    const first = titled.findIndex((item) => mayBeEntryPoint(item.type));
    if (first >= 0) titled[first] = { ...titled[first], isEntryPoint: true };
  }
  return { items: titled };
};
