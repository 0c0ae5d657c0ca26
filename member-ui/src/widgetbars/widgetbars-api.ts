import type { ResolvedWidgetBarResponse } from '@cn/contracts';
import type { ApiClient } from '../api/client';

/** the member's view of a bar: the network's (`as-{slug}`) or a group's (`g-{group}-as-{slug}`) */
export const widgetBarPath = (slug: string, groupId: string | null = null): string =>
  groupId === null ? `/widgetbars/as-${encodeURIComponent(slug)}` : `/widgetbars/g-${encodeURIComponent(groupId)}-as-${encodeURIComponent(slug)}`;

export const widgetBarsApi = (api: ApiClient) => ({
  bar: (slug: string, groupId: string | null) => api.request<ResolvedWidgetBarResponse>('GET', widgetBarPath(slug, groupId)),
});
