import type { ChannelStatus } from './channel-constants';

/** Who looks at a channel: the facts the command side and the read side both have. */
export interface ChannelViewer {
  member_id: string;
  network_admin: boolean;
  external: boolean;
}

export interface ChannelFacts {
  status: ChannelStatus;
  author_id: string | null;
}

export interface ChannelCan {
  /** edit, design, layout, widgets, status */
  update: boolean;
  subscribe: boolean;
  favorite: boolean;
  /** write articles in the channel's blog (the add-article menu entry) */
  create_articles: boolean;
}

/**
 * Who may do what with a channel (§4, §6): network administrators and the channel's author (unless an
 * external member) update it and write its articles; everyone who sees it subscribes and stars it. Draft
 * and archived channels are seen only by those who may update them.
 */
export const channelAbilities = (channel: ChannelFacts, viewer: ChannelViewer): ChannelCan => {
  const update = viewer.network_admin || (!viewer.external && channel.author_id !== null && channel.author_id === viewer.member_id);
  const sees = update || channel.status === 'active';
  return { update, subscribe: sees, favorite: sees, create_articles: update };
};

/** A channel the viewer may see at all (draft and archived ones: only who may update them). */
export const canSeeChannel = (channel: ChannelFacts, viewer: ChannelViewer): boolean => channelAbilities(channel, viewer).subscribe;

export interface ArticleCan {
  update: boolean;
  destroy: boolean;
}

/** An article is managed by whoever may update its channel, and by its author while they still could. */
export const articleAbilities = (channel: ChannelFacts, viewer: ChannelViewer): ArticleCan => {
  const manage = channelAbilities(channel, viewer).update;
  return { update: manage, destroy: manage };
};
