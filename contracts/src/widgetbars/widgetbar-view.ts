// What the member console receives for a widget bar (GET /widgetbars/as-{slug}): each widget with its
// properties and its data, resolved on the server for the signed-in member. Kept free of zod.
import type { WidgetProfileField, WidgetTypeName } from './widgetbar-constants';

/** one profile field a members widget shows under a member (birthday: YYYY-MM-DD, age: whole years) */
export interface WidgetProfileValue {
  field: WidgetProfileField;
  value: string;
}

export interface WidgetMember {
  id: string;
  name: string;
  path: string;
  image: string | null;
  /** the widget's chosen profile fields the viewer may see, in the order chosen; absent when none is */
  fields?: WidgetProfileValue[];
}

export interface WidgetBirthday extends WidgetMember {
  /** MM-DD of the next birthday */
  date: string;
  /** only when the widget shows ages and the member shows theirs */
  age?: number;
}

export interface WidgetAppointment {
  id: string;
  title: string;
  starts_at: string;
  path: string;
}

export interface WidgetLink {
  kind: 'group' | 'channel';
  id: string;
  name: string;
  path: string;
}

/** a file of the most-viewed widget: one the viewer may open, with how many members viewed it */
export interface WidgetFile {
  id: string;
  name: string;
  /** the file's page in the member console (the network's files, or its group's) */
  path: string;
  view_count: number;
  /** the group whose file it is (a network bar lists the viewer's groups' files too); null for the network's */
  group_name: string | null;
}

export interface WidgetFeedItem {
  title: string;
  link: string;
}

export type WidgetData =
  | { kind: 'members'; members: WidgetMember[] }
  | { kind: 'birthdays'; members: WidgetBirthday[] }
  | { kind: 'appointments'; appointments: WidgetAppointment[] }
  | { kind: 'links'; links: WidgetLink[] }
  | { kind: 'files'; files: WidgetFile[] }
  /** the widget's markdown: the console renders it without raw HTML */
  | { kind: 'markdown'; markdown: string }
  /** the widget's HTML, sanitized on the server */
  | { kind: 'html'; html: string }
  | { kind: 'feed'; items: WidgetFeedItem[]; error: null | 'rss_unavailable' };

export interface ResolvedWidget {
  /** the widget's place in the bar */
  index: number;
  type: WidgetTypeName;
  headline: string;
  data: WidgetData;
}

export interface ResolvedWidgetBarResponse {
  slug: string;
  scope: string;
  widgets: ResolvedWidget[];
}
