import { activityAbilities, type ActivityEvent, type ActivityReadEvent, type ActivityViewer, type FileAttachment, type StreamCan } from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';
import { acceptAttachments, acceptEditedAttachments, type AttachableFile, type NamedAttachableFile } from '../files/attaching-files';

export interface ReplyState {
  author_id: string;
  deleted: boolean;
}

/** A post with its replies and likes, as its commands decide on it. */
export interface ActivityState {
  exists: boolean;
  activity_id: string;
  deleted: boolean;
  /** the group whose stream holds it, null for the network's */
  group_id: string | null;
  author_id: string;
  /** the files it carries, each at the version attached */
  attachments: FileAttachment[];
  replies: Record<string, ReplyState>;
  likers: string[];
}

export const initialActivityState = (): ActivityState => ({ exists: false, activity_id: '', deleted: false, group_id: null, author_id: '', attachments: [], replies: {}, likers: [] });

export const evolveActivity = (state: ActivityState, event: ActivityEvent): ActivityState => {
  switch (event.type) {
    case 'ActivityPosted':
      return { ...state, exists: true, activity_id: event.data.activity_id, group_id: event.data.group_id, author_id: event.data.author_id, attachments: event.data.attachments };
    case 'ActivityEdited':
      return event.data.attachments === null ? state : { ...state, attachments: event.data.attachments };
    case 'ActivityDeleted':
      return { ...state, deleted: true };
    case 'ActivityReplied':
      return { ...state, replies: { ...state.replies, [event.data.reply_id]: { author_id: event.data.author_id, deleted: false } } };
    case 'ActivityReplyDeleted': {
      const reply = state.replies[event.data.reply_id];
      return reply ? { ...state, replies: { ...state.replies, [event.data.reply_id]: { ...reply, deleted: true } } } : state;
    }
    case 'ActivityLiked':
      return state.likers.includes(event.data.member_id) ? state : { ...state, likers: [...state.likers, event.data.member_id] };
    case 'ActivityUnliked':
      return { ...state, likers: state.likers.filter((id) => id !== event.data.member_id) };
    default:
      return state;
  }
};

/** Every command names who asks and what they may do in the activity's stream (streamAbilities, from the group's own stream). */
interface Asked {
  viewer: ActivityViewer;
  stream: StreamCan;
}
export interface PostActivity extends Asked {
  type: 'PostActivity';
  activity_id: string;
  group_id: string | null;
  html_content: string;
  /** the files named, each with the facts of the attach rule (FileCommands.attachable) */
  attachments: AttachableFile[];
  /**
   * A post whose id is derived from what it announces (published files): the same post asked again by its
   * author (a retried form) is already there and appends nothing, instead of a conflict.
   */
  once?: boolean;
}
export interface EditActivity extends Asked {
  type: 'EditActivity';
  html_content: string;
  /** the files the post is to carry, as named (null: it keeps those it carries) */
  attachments: NamedAttachableFile[] | null;
}
export interface DeleteActivity extends Asked {
  type: 'DeleteActivity';
}
export interface ReplyToActivity extends Asked {
  type: 'ReplyToActivity';
  reply_id: string;
  html_content: string;
}
export interface EditReply extends Asked {
  type: 'EditReply';
  reply_id: string;
  html_content: string;
}
export interface DeleteReply extends Asked {
  type: 'DeleteReply';
  reply_id: string;
}
export interface SetLike extends Asked {
  type: 'SetLike';
  liked: boolean;
}

export type ActivityCommand = PostActivity | EditActivity | DeleteActivity | ReplyToActivity | EditReply | DeleteReply | SetLike;

/** an activity the viewer may not see does not exist for them; a deleted one answers so */
const requireLive = (state: ActivityState, command: Asked): void => {
  if (!state.exists || !command.stream.see) throw new DomainError('not_found', 'not_found');
  if (state.deleted) throw new DomainError('activity_deleted', 'not_found');
};

const requireReply = (state: ActivityState, replyId: string): ReplyState => {
  const reply = state.replies[replyId];
  if (!reply) throw new DomainError('not_found', 'not_found');
  if (reply.deleted) throw new DomainError('reply_deleted', 'not_found');
  return reply;
};

const allow = (allowed: boolean): void => {
  if (!allowed) throw new DomainError('forbidden', 'forbidden');
};

export const decideActivity = (command: ActivityCommand, state: ActivityState): ActivityEvent[] => {
  const { viewer } = command;
  if (command.type === 'PostActivity') {
    if (!command.stream.see) throw new DomainError('unknown_stream', 'not_found');
    allow(command.stream.post);
    const attachments = acceptAttachments(command.attachments);
    if (state.exists && command.once && state.author_id === viewer.member_id) return [];
    if (state.exists) throw new DomainError('concurrency_conflict', 'conflict');
    return [{ type: 'ActivityPosted', data: { activity_id: command.activity_id, group_id: command.group_id, author_id: viewer.member_id, html_content: command.html_content, attachments } }];
  }
  requireLive(state, command);
  const activity_id = state.activity_id;
  const post = activityAbilities(state.author_id, command.stream, viewer);
  switch (command.type) {
    case 'EditActivity': {
      allow(post.update);
      const attachments = command.attachments === null ? null : acceptEditedAttachments(state.attachments, command.attachments);
      return [{ type: 'ActivityEdited', data: { activity_id: activity_id, html_content: command.html_content, attachments } }];
    }
    case 'DeleteActivity':
      allow(post.destroy);
      return [{ type: 'ActivityDeleted', data: { activity_id: activity_id, group_id: state.group_id, deleted_by: viewer.member_id } }];
    case 'ReplyToActivity':
      allow(post.reply);
      if (Object.hasOwn(state.replies, command.reply_id)) throw new DomainError('concurrency_conflict', 'conflict');
      return [{ type: 'ActivityReplied', data: { activity_id: activity_id, reply_id: command.reply_id, author_id: viewer.member_id, html_content: command.html_content } }];
    case 'EditReply': {
      const reply = requireReply(state, command.reply_id);
      allow(activityAbilities(reply.author_id, command.stream, viewer).update);
      return [{ type: 'ActivityReplyEdited', data: { activity_id: activity_id, reply_id: command.reply_id, html_content: command.html_content } }];
    }
    case 'DeleteReply': {
      const reply = requireReply(state, command.reply_id);
      allow(activityAbilities(reply.author_id, command.stream, viewer).destroy);
      return [{ type: 'ActivityReplyDeleted', data: { activity_id: activity_id, reply_id: command.reply_id, deleted_by: viewer.member_id } }];
    }
    case 'SetLike':
      allow(post.like);
      // what already holds changes nothing: double clicks and racing tabs count once
      if (state.likers.includes(viewer.member_id) === command.liked) return [];
      return [{ type: command.liked ? 'ActivityLiked' : 'ActivityUnliked', data: { activity_id: activity_id, member_id: viewer.member_id } }];
    default: {
      const unknown: never = command;
      throw new Error(`unknown activity command ${JSON.stringify(unknown)}`);
    }
  }
};

export const activityDecider: Decider<ActivityState, ActivityCommand, ActivityEvent> = {
  initialState: initialActivityState,
  evolve: evolveActivity,
  decide: decideActivity,
  // a much-liked post's stream grows with every like
  // version 2: the state keeps the post's files (an edit may change them)
  snapshot: { name: 'activity', version: 2, everyEvents: 200 },
};

/** How far a member has read each stream ('all', 'network', a group id), and which streams 'all' leaves out. */
export interface ActivityReadsState {
  read: Record<string, number>;
  unsubscribed: string[];
}
export interface MarkStreamRead {
  type: 'MarkStreamRead';
  member_id: string;
  stream: string;
  up_to: number;
}
export interface SetStreamSubscription {
  type: 'SetStreamSubscription';
  member_id: string;
  /** 'network' or a group id */
  stream: string;
  subscribed: boolean;
}
export type ActivityReadsCommand = MarkStreamRead | SetStreamSubscription;

const evolveReads = (state: ActivityReadsState, event: ActivityReadEvent): ActivityReadsState => {
  switch (event.type) {
    case 'ActivityStreamRead':
      return { ...state, read: { ...state.read, [event.data.stream]: Math.max(state.read[event.data.stream] ?? 0, event.data.up_to) } };
    case 'ActivityStreamUnsubscribed':
      return { ...state, unsubscribed: state.unsubscribed.includes(event.data.stream) ? state.unsubscribed : [...state.unsubscribed, event.data.stream] };
    case 'ActivityStreamSubscribed':
      return { ...state, unsubscribed: state.unsubscribed.filter((stream) => stream !== event.data.stream) };
  }
};

export const activityReadsDecider: Decider<ActivityReadsState, ActivityReadsCommand, ActivityReadEvent> = {
  initialState: () => ({ read: {}, unsubscribed: [] }),
  evolve: evolveReads,
  decide: (command, state) => {
    if (command.type === 'SetStreamSubscription') {
      // idempotent: asking for the state it already has appends nothing
      const subscribed = !state.unsubscribed.includes(command.stream);
      if (subscribed === command.subscribed) return [];
      const data = { member_id: command.member_id, stream: command.stream };
      return [command.subscribed ? { type: 'ActivityStreamSubscribed', data } : { type: 'ActivityStreamUnsubscribed', data }];
    }
    // only forward: reading an older page again changes nothing
    return command.up_to <= (state.read[command.stream] ?? 0) ? [] : [{ type: 'ActivityStreamRead', data: { member_id: command.member_id, stream: command.stream, up_to: command.up_to } }];
  },
};
