import type { CommandAccepted, ResolvedWidgetBarResponse, Widget, WidgetBarCalendarsResponse, WidgetBarResponse } from '@cn/contracts';
import type { ApiClient } from '../api/client';

/** the member's view of a bar: the network's (`as-{slug}`) or a group's (`g-{group}-as-{slug}`) */
export const widgetBarPath = (slug: string, groupId: string | null = null): string =>
  groupId === null ? `/widgetbars/as-${encodeURIComponent(slug)}` : `/widgetbars/g-${encodeURIComponent(groupId)}-as-${encodeURIComponent(slug)}`;

/** a group's bar as its editor reads and saves it */
const editorPath = (groupId: string, slug: string): string => `/groups/${encodeURIComponent(groupId)}/administration/widgetbars/${encodeURIComponent(slug)}.json`;

export const widgetBarsApi = (api: ApiClient) => ({
  bar: (slug: string, groupId: string | null) => api.request<ResolvedWidgetBarResponse>('GET', widgetBarPath(slug, groupId)),
  editor: (groupId: string, slug: string) => api.request<WidgetBarResponse>('GET', editorPath(groupId, slug)),
  calendars: (groupId: string) => api.request<WidgetBarCalendarsResponse>('GET', `/groups/${encodeURIComponent(groupId)}/administration/widgetbars/calendars.json`),
  save: (groupId: string, slug: string, widgets: readonly Widget[], revision: number) =>
    api.request<CommandAccepted>('PUT', editorPath(groupId, slug), { body: { widgetbar: { widgets: widgets.map(({ type, properties }) => ({ type, properties })) }, revision } }),
});
