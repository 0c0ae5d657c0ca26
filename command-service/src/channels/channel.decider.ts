import {
  CHANNEL_WIDGETS_MAX,
  channelAbilities,
  channelImageOf,
  type ChannelDesignFields,
  type ChannelEvent,
  type ChannelFacts,
  type ChannelRow,
  type ChannelStatus,
  type ChannelViewer,
  type StoredProfileImage,
  type StoredWidget,
} from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';

export interface ChannelState {
  status: 'unknown' | 'created';
  channel_id: string;
  blog_id: string;
  title: string;
  description: string;
  channel_status: ChannelStatus;
  author_id: string | null;
  /** widget id → its type (a widget keeps its type) */
  widgets: Record<string, StoredWidget['type']>;
  rows: ChannelRow[];
  subscribers: string[];
  favorites: string[];
  articles: string[];
  /** the pictures uploaded to the channel (ChannelImageUploaded): the only uploads its widgets and design may name */
  images: string[];
}

export const initialChannelState = (): ChannelState => ({
  status: 'unknown',
  channel_id: '',
  blog_id: '',
  title: '',
  description: '',
  channel_status: 'active',
  author_id: null,
  widgets: {},
  rows: [],
  subscribers: [],
  favorites: [],
  articles: [],
  images: [],
});

const without = (list: readonly string[], item: string): string[] => list.filter((entry) => entry !== item);

export const evolveChannel = (state: ChannelState, event: ChannelEvent): ChannelState => {
  switch (event.type) {
    case 'ChannelCreated':
      return {
        ...state,
        status: 'created',
        channel_id: event.data.channel_id,
        blog_id: event.data.blog_id,
        title: event.data.title,
        description: event.data.description,
        channel_status: event.data.status,
        author_id: event.data.author_id,
      };
    case 'ChannelUpdated':
      return { ...state, title: event.data.title, description: event.data.description, channel_status: event.data.status };
    case 'ChannelLayoutChanged':
      return { ...state, rows: event.data.rows };
    case 'ChannelWidgetAdded':
    case 'ChannelWidgetUpdated':
      return { ...state, widgets: { ...state.widgets, [event.data.widget.id]: event.data.widget.type } };
    case 'ChannelWidgetRemoved': {
      const widgets = { ...state.widgets };
      delete widgets[event.data.widget_id];
      return { ...state, widgets };
    }
    case 'ChannelSubscribed':
      return state.subscribers.includes(event.data.member_id) ? state : { ...state, subscribers: [...state.subscribers, event.data.member_id] };
    case 'ChannelUnsubscribed':
      return { ...state, subscribers: without(state.subscribers, event.data.member_id) };
    case 'ChannelFavorited':
      return state.favorites.includes(event.data.member_id) ? state : { ...state, favorites: [...state.favorites, event.data.member_id] };
    case 'ChannelUnfavorited':
      return { ...state, favorites: without(state.favorites, event.data.member_id) };
    case 'ArticlePublished':
      return { ...state, articles: [...state.articles, event.data.article_id] };
    case 'ArticleDeleted':
      return { ...state, articles: without(state.articles, event.data.article_id) };
    case 'ChannelImageUploaded':
      return { ...state, images: [...state.images, event.data.image_id] };
    default:
      return state;
  }
};

export const channelFactsOf = (state: ChannelState): ChannelFacts => ({ status: state.channel_status, author_id: state.author_id });

export interface CreateChannel {
  type: 'CreateChannel';
  channel_id: string;
  title: string;
  description: string;
  channel_status: ChannelStatus;
  viewer: ChannelViewer;
  /** the network's create_channels ability of the viewer (memberAbilities) */
  may_create: boolean;
}
export interface UpdateChannel {
  type: 'UpdateChannel';
  title: string;
  description: string;
  channel_status: ChannelStatus;
  viewer: ChannelViewer;
}
export interface ChangeChannelDesign {
  type: 'ChangeChannelDesign';
  design: ChannelDesignFields;
  viewer: ChannelViewer;
}
export interface ChangeChannelLayout {
  type: 'ChangeChannelLayout';
  rows: ChannelRow[];
  viewer: ChannelViewer;
}
export interface AddWidget {
  type: 'AddWidget';
  widget: StoredWidget;
  viewer: ChannelViewer;
}
export interface UpdateWidget {
  type: 'UpdateWidget';
  widget: StoredWidget;
  viewer: ChannelViewer;
}
export interface RemoveWidget {
  type: 'RemoveWidget';
  widget_id: string;
  viewer: ChannelViewer;
}
/** a channel editor uploads a picture (stored with its sizes before the command runs) */
export interface UploadChannelImage {
  type: 'UploadChannelImage';
  image_id: string;
  image: StoredProfileImage;
  viewer: ChannelViewer;
}
export interface SetSubscription {
  type: 'SetSubscription';
  subscribed: boolean;
  viewer: ChannelViewer;
}
/** a network administrator subscribes members to the channel, as if each had subscribed themselves */
export interface AssignSubscriptions {
  type: 'AssignSubscriptions';
  member_ids: readonly string[];
  viewer: ChannelViewer;
}
export interface SetFavorite {
  type: 'SetFavorite';
  favorited: boolean;
  viewer: ChannelViewer;
}
export interface PublishArticle {
  type: 'PublishArticle';
  article_id: string;
  title: string;
  html_content: string;
  viewer: ChannelViewer;
}
export interface UpdateArticle {
  type: 'UpdateArticle';
  article_id: string;
  title: string;
  html_content: string;
  viewer: ChannelViewer;
}
export interface DeleteArticle {
  type: 'DeleteArticle';
  article_id: string;
  viewer: ChannelViewer;
}

export type ChannelCommand =
  | CreateChannel
  | UpdateChannel
  | ChangeChannelDesign
  | ChangeChannelLayout
  | AddWidget
  | UpdateWidget
  | RemoveWidget
  | UploadChannelImage
  | SetSubscription
  | AssignSubscriptions
  | SetFavorite
  | PublishArticle
  | UpdateArticle
  | DeleteArticle;

/** a channel the viewer may not see does not exist for them (draft and archived ones are hidden) */
const requireVisible = (state: ChannelState, viewer: ChannelViewer): void => {
  if (state.status !== 'created' || !channelAbilities(channelFactsOf(state), viewer).subscribe) throw new DomainError('not_found', 'not_found');
};

const requireUpdate = (state: ChannelState, viewer: ChannelViewer): void => {
  requireVisible(state, viewer);
  if (!channelAbilities(channelFactsOf(state), viewer).update) throw new DomainError('forbidden', 'forbidden');
};

/** rows name existing widgets, each at most once */
const checkRows = (rows: readonly ChannelRow[], widgets: Readonly<Record<string, unknown>>): void => {
  const seen = new Set<string>();
  rows.forEach((row, r) =>
    row.widgets.forEach((id, c) => {
      if (id === null) return;
      if (!Object.hasOwn(widgets, id)) throw new DomainError('unknown_widget', 'invalid', `rows.${r}.widgets.${c}`);
      if (seen.has(id)) throw new DomainError('duplicate_widget', 'invalid', `rows.${r}.widgets.${c}`);
      seen.add(id);
    }),
  );
};

/** an uploaded picture's path names a picture uploaded to this channel (another channel's, or one never uploaded, is refused) */
const checkImage = (state: ChannelState, url: string | null, field: string): void => {
  const uploaded = channelImageOf(url);
  if (uploaded && (uploaded.channel_id !== state.channel_id || !state.images.includes(uploaded.image_id))) throw new DomainError('unknown_image', 'invalid', field);
};

const checkWidget = (state: ChannelState, widget: StoredWidget): void => {
  switch (widget.type) {
    case 'spotlight':
      widget.article_ids.forEach((id, i) => {
        if (!state.articles.includes(id)) throw new DomainError('unknown_article', 'invalid', `widget.article_ids.${i}`);
      });
      return;
    case 'images':
      widget.images.forEach((image, i) => checkImage(state, image.url, `widget.images.${i}.url`));
      return;
    case 'banner':
      checkImage(state, widget.image, 'widget.image');
      return;
    case 'link':
      checkImage(state, widget.link.selected_image, 'widget.link.selected_image');
      checkImage(state, widget.link.override_image, 'widget.link.override_image');
      return;
    default:
      return;
  }
};

/** the rows without a removed widget: its cell empties, a row left empty goes */
const rowsWithout = (rows: readonly ChannelRow[], widgetId: string): ChannelRow[] =>
  rows
    .map((row) => ({ ...row, widgets: row.widgets.map((id) => (id === widgetId ? null : id)) }))
    .filter((row) => row.widgets.some((id) => id !== null));

const decideCreate = (command: CreateChannel, state: ChannelState): ChannelEvent[] => {
  if (!command.may_create) throw new DomainError('forbidden', 'forbidden');
  if (state.status !== 'unknown') throw new DomainError('slug_taken', 'conflict', 'channel.slug');
  return [
    {
      type: 'ChannelCreated',
      data: {
        channel_id: command.channel_id,
        slug: command.channel_id,
        title: command.title,
        description: command.description,
        status: command.channel_status,
        author_id: command.viewer.member_id,
        blog_id: command.channel_id,
      },
    },
  ];
};

const decideUpdate = (command: UpdateChannel, state: ChannelState): ChannelEvent[] => {
  requireUpdate(state, command.viewer);
  const changed = [
    ...(command.title !== state.title ? ['title'] : []),
    ...(command.description !== state.description ? ['description'] : []),
    ...(command.channel_status !== state.channel_status ? ['status'] : []),
  ];
  if (changed.length === 0) return [];
  return [{ type: 'ChannelUpdated', data: { channel_id: state.channel_id, title: command.title, description: command.description, status: command.channel_status, changed_fields: changed } }];
};

const decideWidget = (command: AddWidget | UpdateWidget | RemoveWidget, state: ChannelState): ChannelEvent[] => {
  requireUpdate(state, command.viewer);
  const id = command.type === 'RemoveWidget' ? command.widget_id : command.widget.id;
  const known = Object.hasOwn(state.widgets, id);
  switch (command.type) {
    case 'AddWidget': {
      if (known) throw new DomainError('concurrency_conflict', 'conflict');
      if (Object.keys(state.widgets).length >= CHANNEL_WIDGETS_MAX) throw new DomainError('too_many_widgets', 'refused');
      checkWidget(state, command.widget);
      return [
        { type: 'ChannelWidgetAdded', data: { channel_id: state.channel_id, widget: command.widget } },
        { type: 'ChannelLayoutChanged', data: { channel_id: state.channel_id, rows: [...state.rows, { layout: 'full', widgets: [id] }] } },
      ];
    }
    case 'UpdateWidget':
      if (!known) throw new DomainError('not_found', 'not_found');
      if (state.widgets[id] !== command.widget.type) throw new DomainError('type_unchangeable', 'invalid', 'widget.type');
      checkWidget(state, command.widget);
      return [{ type: 'ChannelWidgetUpdated', data: { channel_id: state.channel_id, widget: command.widget } }];
    case 'RemoveWidget': {
      if (!known) throw new DomainError('not_found', 'not_found');
      const rows = rowsWithout(state.rows, id);
      const placed = state.rows.some((row) => row.widgets.includes(id));
      return [
        { type: 'ChannelWidgetRemoved', data: { channel_id: state.channel_id, widget_id: id } },
        ...(placed ? [{ type: 'ChannelLayoutChanged' as const, data: { channel_id: state.channel_id, rows } }] : []),
      ];
    }
  }
};

const decideArticle = (command: PublishArticle | UpdateArticle | DeleteArticle, state: ChannelState): ChannelEvent[] => {
  requireUpdate(state, command.viewer);
  const known = state.articles.includes(command.article_id);
  const ids = { channel_id: state.channel_id, blog_id: state.blog_id, article_id: command.article_id };
  switch (command.type) {
    case 'PublishArticle':
      if (known) throw new DomainError('concurrency_conflict', 'conflict');
      return [{ type: 'ArticlePublished', data: { ...ids, title: command.title, html_content: command.html_content, author_id: command.viewer.member_id } }];
    case 'UpdateArticle':
      if (!known) throw new DomainError('not_found', 'not_found');
      return [{ type: 'ArticleUpdated', data: { ...ids, title: command.title, html_content: command.html_content } }];
    case 'DeleteArticle':
      if (!known) throw new DomainError('not_found', 'not_found');
      return [{ type: 'ArticleDeleted', data: ids }];
  }
};

export const decideChannel = (command: ChannelCommand, state: ChannelState): ChannelEvent[] => {
  switch (command.type) {
    case 'CreateChannel':
      return decideCreate(command, state);
    case 'UpdateChannel':
      return decideUpdate(command, state);
    case 'ChangeChannelDesign':
      requireUpdate(state, command.viewer);
      checkImage(state, command.design.banner_image, 'design.banner_image');
      checkImage(state, command.design.logo_image, 'design.logo_image');
      return [{ type: 'ChannelDesignChanged', data: { channel_id: state.channel_id, design: command.design } }];
    case 'ChangeChannelLayout':
      requireUpdate(state, command.viewer);
      checkRows(command.rows, state.widgets);
      return [{ type: 'ChannelLayoutChanged', data: { channel_id: state.channel_id, rows: command.rows } }];
    case 'AddWidget':
    case 'UpdateWidget':
    case 'RemoveWidget':
      return decideWidget(command, state);
    case 'UploadChannelImage':
      requireUpdate(state, command.viewer);
      if (state.images.includes(command.image_id)) throw new DomainError('concurrency_conflict', 'conflict');
      return [{ type: 'ChannelImageUploaded', data: { channel_id: state.channel_id, image_id: command.image_id, ...command.image } }];
    case 'SetSubscription': {
      requireVisible(state, command.viewer);
      const member_id = command.viewer.member_id;
      // asking for what already holds changes nothing: double clicks and racing tabs count once
      if (state.subscribers.includes(member_id) === command.subscribed) return [];
      return [{ type: command.subscribed ? 'ChannelSubscribed' : 'ChannelUnsubscribed', data: { channel_id: state.channel_id, member_id } }];
    }
    case 'AssignSubscriptions': {
      // only what a member could subscribe to themselves: an active channel, and only an administrator assigns
      if (state.status !== 'created' || state.channel_status !== 'active') throw new DomainError('not_found', 'not_found');
      if (!command.viewer.network_admin) throw new DomainError('forbidden', 'forbidden');
      const added = [...new Set(command.member_ids)].filter((member_id) => !state.subscribers.includes(member_id));
      return added.map((member_id) => ({ type: 'ChannelSubscribed' as const, data: { channel_id: state.channel_id, member_id } }));
    }
    case 'SetFavorite': {
      requireVisible(state, command.viewer);
      const member_id = command.viewer.member_id;
      if (state.favorites.includes(member_id) === command.favorited) return [];
      return [{ type: command.favorited ? 'ChannelFavorited' : 'ChannelUnfavorited', data: { channel_id: state.channel_id, member_id } }];
    }
    case 'PublishArticle':
    case 'UpdateArticle':
    case 'DeleteArticle':
      return decideArticle(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`unknown channel command ${JSON.stringify(unknown)}`);
    }
  }
};

export const channelDecider: Decider<ChannelState, ChannelCommand, ChannelEvent> = {
  initialState: initialChannelState,
  evolve: evolveChannel,
  decide: decideChannel,
  // a popular channel's stream grows with every subscription
  // version 2: the state keeps the uploaded pictures
  snapshot: { name: 'channel', version: 2, everyEvents: 200 },
};
