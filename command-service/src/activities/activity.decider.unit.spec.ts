import type { ActivityEvent, ActivityViewer, StreamCan } from '@cn/contracts';
import { deciderSpecification, refusalOf } from '@cn/platform/testing';
import type { AttachableFile, NamedAttachableFile } from '../files/attaching-files';
import { activityDecider, activityReadsDecider, type ActivityCommand } from './activity.decider';

const viewer = (memberId: string, overrides: Partial<ActivityViewer> = {}): ActivityViewer => ({ member_id: memberId, network_admin: false, external: false, ...overrides });
const author = viewer('author');
const other = viewer('other');
const admin = viewer('admin', { network_admin: true });
const member: StreamCan = { see: true, post: true, moderate: false };
const moderator: StreamCan = { see: true, post: true, moderate: true };
const reader: StreamCan = { see: true, post: false, moderate: false };
const outsider: StreamCan = { see: false, post: false, moderate: false };
const spec = deciderSpecification(activityDecider);

const posted: ActivityEvent = { type: 'ActivityPosted', data: { activity_id: 'a1', group_id: 'g1', author_id: 'author', html_content: '<p>Hi</p>', attachments: [] } };
const deleted: ActivityEvent = { type: 'ActivityDeleted', data: { activity_id: 'a1', group_id: 'g1', deleted_by: 'author' } };
const replied: ActivityEvent = { type: 'ActivityReplied', data: { activity_id: 'a1', reply_id: 'r1', author_id: 'other', html_content: '<p>Yes</p>' } };
const refusal = (given: ActivityEvent[], command: ActivityCommand) => refusalOf(() => spec.decide(given, command));

describe('activities: posts', () => {
  const post = (stream: StreamCan, who = author, attachments: AttachableFile[] = []): ActivityCommand => ({ type: 'PostActivity', activity_id: 'a1', group_id: 'g1', html_content: '<p>Hi</p>', attachments, viewer: who, stream });

  it('posts where the member may post, once per id', () => {
    expect(spec.decide([], post(member))).toEqual([posted]);
    expect(refusal([], post(reader))).toMatchObject({ key: 'forbidden', kind: 'forbidden' });
    expect(refusal([], post(outsider))).toMatchObject({ key: 'unknown_stream', kind: 'not_found' });
    expect(refusal([posted], post(member))).toMatchObject({ key: 'concurrency_conflict', kind: 'conflict' });
  });

  it('a post announcing published files (once) is appended once: its author asking again appends nothing, anyone else is refused', () => {
    const once = (who: ActivityViewer): ActivityCommand => ({ ...post(member, who), once: true } as ActivityCommand);
    expect(spec.decide([], once(author))).toEqual([posted]);
    expect(spec.decide([posted], once(author))).toEqual([]);
    expect(spec.decide([posted, deleted], once(author))).toEqual([]);
    expect(refusal([posted], once(other))).toMatchObject({ key: 'concurrency_conflict', kind: 'conflict' });
  });

  it('carries the files the author may attach (own uploads, files they may read), pinned to their version; refuses any other id at its index', () => {
    const upload: AttachableFile = { attachment: { file_id: 'f1', version_id: 'v1', name: 'plan.pdf' }, facts: { published_in_visible_scope: false, own_upload: true } };
    const published: AttachableFile = { attachment: { file_id: 'f2', version_id: 'v7', name: 'photo.jpg' }, facts: { published_in_visible_scope: true, own_upload: false } };
    const foreign: AttachableFile = { attachment: { file_id: 'f3', version_id: 'v1', name: 'secret.txt' }, facts: { published_in_visible_scope: false, own_upload: false } };
    const missing: AttachableFile = { attachment: null, facts: { published_in_visible_scope: false, own_upload: false } };
    expect(spec.decide([], post(member, author, [upload, published, upload]))).toEqual([
      { ...posted, data: { ...posted.data, attachments: [upload.attachment, published.attachment] } },
    ]);
    expect(refusal([], post(member, author, [upload, foreign]))).toMatchObject({ key: 'unknown_attachment', kind: 'refused', field: 'attachments.1' });
    expect(refusal([], post(member, author, [missing]))).toMatchObject({ key: 'unknown_attachment', field: 'attachments.0' });
  });

  it('an edit naming files makes the post carry exactly these: carried ones stay at their version, new ones pass the attach rule', () => {
    const plan = { file_id: 'f1', version_id: 'v1', name: 'plan.pdf' };
    const withPlan: ActivityEvent = { type: 'ActivityPosted', data: { activity_id: 'a1', group_id: 'g1', author_id: 'author', html_content: '<p>Hi</p>', attachments: [plan] } };
    const edit = (attachments: NamedAttachableFile[] | null, who = author): ActivityCommand => ({ type: 'EditActivity', html_content: '<p>Edited</p>', attachments, viewer: who, stream: member });
    // the carried file at a newer version, no longer attachable anew: it stays, pinned where it was
    const planNow: NamedAttachableFile = { file_id: 'f1', attachment: { file_id: 'f1', version_id: 'v2', name: 'plan.pdf' }, facts: { published_in_visible_scope: false, own_upload: false } };
    const photo: NamedAttachableFile = { file_id: 'f2', attachment: { file_id: 'f2', version_id: 'v7', name: 'photo.jpg' }, facts: { published_in_visible_scope: true, own_upload: false } };
    const foreign: NamedAttachableFile = { file_id: 'f3', attachment: { file_id: 'f3', version_id: 'v1', name: 'secret.txt' }, facts: { published_in_visible_scope: false, own_upload: false } };
    const missing: NamedAttachableFile = { file_id: 'nope', attachment: null, facts: { published_in_visible_scope: false, own_upload: false } };
    const editedWith = (attachments: unknown) => [{ type: 'ActivityEdited', data: { activity_id: 'a1', html_content: '<p>Edited</p>', attachments } }];
    expect(spec.decide([withPlan], edit([planNow, photo, photo]))).toEqual(editedWith([plan, photo.attachment]));
    expect(spec.decide([withPlan], edit([]))).toEqual(editedWith([]));
    expect(spec.decide([withPlan], edit(null))).toEqual(editedWith(null));
    expect(refusal([withPlan], edit([planNow, foreign]))).toMatchObject({ key: 'unknown_attachment', kind: 'refused', field: 'attachments.1' });
    expect(refusal([withPlan], edit([missing]))).toMatchObject({ key: 'unknown_attachment', field: 'attachments.0' });
    expect(refusal([withPlan], edit([photo], other))).toMatchObject({ key: 'forbidden' });
    // a later edit decides against the files as the last edit left them: the removed plan is new again
    const removed: ActivityEvent = { type: 'ActivityEdited', data: { activity_id: 'a1', html_content: '<p>x</p>', attachments: [] } };
    expect(refusal([withPlan, removed], edit([planNow]))).toMatchObject({ key: 'unknown_attachment', field: 'attachments.0' });
    // a version 1 edit (upcast: null) leaves the files as posted
    const textOnly: ActivityEvent = { type: 'ActivityEdited', data: { activity_id: 'a1', html_content: '<p>x</p>', attachments: null } };
    expect(spec.decide([withPlan, textOnly], edit([planNow]))).toEqual(editedWith([plan]));
  });

  it('lets only the author edit; the author and the stream\'s moderators delete', () => {
    const edit = (who: ActivityViewer, stream: StreamCan = member): ActivityCommand => ({ type: 'EditActivity', html_content: '<p>Edited</p>', attachments: null, viewer: who, stream });
    expect(spec.decide([posted], edit(author))).toEqual([{ type: 'ActivityEdited', data: { activity_id: 'a1', html_content: '<p>Edited</p>', attachments: null } }]);
    expect(refusal([posted], edit(other))).toMatchObject({ key: 'forbidden' });
    expect(refusal([posted], edit(admin, moderator))).toMatchObject({ key: 'forbidden' });

    const remove = (who: ActivityViewer, stream: StreamCan = member): ActivityCommand => ({ type: 'DeleteActivity', viewer: who, stream });
    expect(spec.decide([posted], remove(author))).toEqual([deleted]);
    expect(spec.decide([posted], remove(admin, moderator))).toEqual([{ ...deleted, data: { ...deleted.data, deleted_by: 'admin' } }]);
    expect(refusal([posted], remove(other))).toMatchObject({ key: 'forbidden', kind: 'forbidden' });
  });

  it('hides a post from who may not see its stream, and refuses everything on a deleted post', () => {
    expect(refusal([posted], { type: 'SetLike', liked: true, viewer: other, stream: outsider })).toMatchObject({ key: 'not_found', kind: 'not_found' });
    expect(refusal([], { type: 'SetLike', liked: true, viewer: other, stream: member })).toMatchObject({ key: 'not_found' });
    for (const command of [
      { type: 'EditActivity', html_content: '<p>x</p>', attachments: null, viewer: author, stream: member },
      { type: 'DeleteActivity', viewer: author, stream: member },
      { type: 'ReplyToActivity', reply_id: 'r9', html_content: '<p>x</p>', viewer: other, stream: member },
      { type: 'SetLike', liked: true, viewer: other, stream: member },
    ] satisfies ActivityCommand[]) {
      expect(refusal([posted, deleted], command)).toMatchObject({ key: 'activity_deleted', kind: 'not_found' });
    }
  });
});

describe('activities: replies', () => {
  it('replies where the member may post; the reply\'s author edits it, author and moderators delete it', () => {
    expect(spec.decide([posted], { type: 'ReplyToActivity', reply_id: 'r1', html_content: '<p>Yes</p>', viewer: other, stream: member })).toEqual([replied]);
    expect(refusal([posted], { type: 'ReplyToActivity', reply_id: 'r1', html_content: '<p>Yes</p>', viewer: other, stream: reader })).toMatchObject({ key: 'forbidden' });
    expect(refusal([posted, replied], { type: 'ReplyToActivity', reply_id: 'r1', html_content: '<p>x</p>', viewer: other, stream: member })).toMatchObject({ kind: 'conflict' });

    expect(spec.decide([posted, replied], { type: 'EditReply', reply_id: 'r1', html_content: '<p>Ok</p>', viewer: other, stream: member })).toEqual([
      { type: 'ActivityReplyEdited', data: { activity_id: 'a1', reply_id: 'r1', html_content: '<p>Ok</p>' } },
    ]);
    // the post's author may not edit another's reply
    expect(refusal([posted, replied], { type: 'EditReply', reply_id: 'r1', html_content: '<p>Ok</p>', viewer: author, stream: member })).toMatchObject({ key: 'forbidden' });
    expect(refusal([posted, replied], { type: 'DeleteReply', reply_id: 'r1', viewer: author, stream: member })).toMatchObject({ key: 'forbidden' });
    const removedByAdmin: ActivityEvent = { type: 'ActivityReplyDeleted', data: { activity_id: 'a1', reply_id: 'r1', deleted_by: 'admin' } };
    expect(spec.decide([posted, replied], { type: 'DeleteReply', reply_id: 'r1', viewer: admin, stream: moderator })).toEqual([removedByAdmin]);
    expect(refusal([posted, replied, removedByAdmin], { type: 'EditReply', reply_id: 'r1', html_content: '<p>x</p>', viewer: other, stream: member })).toMatchObject({ key: 'reply_deleted' });
    expect(refusal([posted], { type: 'DeleteReply', reply_id: 'nope', viewer: admin, stream: moderator })).toMatchObject({ key: 'not_found' });
  });
});

describe('activities: likes', () => {
  const like = (liked: boolean, who = other, stream: StreamCan = reader): ActivityCommand => ({ type: 'SetLike', liked, viewer: who, stream });
  const liked: ActivityEvent = { type: 'ActivityLiked', data: { activity_id: 'a1', member_id: 'other' } };

  it('likes and unlikes idempotently for everyone who sees the post (also where they may not post)', () => {
    expect(spec.decide([posted], like(true))).toEqual([liked]);
    expect(spec.decide([posted, liked], like(true))).toEqual([]);
    expect(spec.decide([posted, liked], like(false))).toEqual([{ type: 'ActivityUnliked', data: { activity_id: 'a1', member_id: 'other' } }]);
    expect(spec.decide([posted], like(false))).toEqual([]);
    expect(spec.decide([posted], like(true, author))).toEqual([{ type: 'ActivityLiked', data: { activity_id: 'a1', member_id: 'author' } }]);
  });
});

describe('activity reads', () => {
  const reads = deciderSpecification(activityReadsDecider);
  it('moves a stream\'s read mark only forward', () => {
    const read = { type: 'ActivityStreamRead' as const, data: { member_id: 'm', stream: 'network', up_to: 10 } };
    expect(reads.decide([], { type: 'MarkStreamRead', member_id: 'm', stream: 'network', up_to: 10 })).toEqual([read]);
    expect(reads.decide([read], { type: 'MarkStreamRead', member_id: 'm', stream: 'network', up_to: 8 })).toEqual([]);
    expect(reads.decide([read], { type: 'MarkStreamRead', member_id: 'm', stream: 'g1', up_to: 8 })).toHaveLength(1);
  });

  it('subscribes every stream until unsubscribed; each toggle appends only a change, and leaves the read marks alone', () => {
    const set = (stream: string, subscribed: boolean) => ({ type: 'SetStreamSubscription' as const, member_id: 'm', stream, subscribed });
    const off = { type: 'ActivityStreamUnsubscribed' as const, data: { member_id: 'm', stream: 'g1' } };
    const on = { type: 'ActivityStreamSubscribed' as const, data: { member_id: 'm', stream: 'g1' } };
    const read = { type: 'ActivityStreamRead' as const, data: { member_id: 'm', stream: 'g1', up_to: 10 } };
    expect(reads.decide([], set('g1', true))).toEqual([]);
    expect(reads.decide([read], set('g1', false))).toEqual([off]);
    expect(reads.decide([read, off], set('g1', false))).toEqual([]);
    expect(reads.decide([read, off], set('network', false))).toHaveLength(1);
    expect(reads.decide([read, off], set('g1', true))).toEqual([on]);
    expect(reads.decide([read, off, on], set('g1', true))).toEqual([]);
    // unsubscribing does not reset how far the stream was read
    expect(reads.decide([read, off], { type: 'MarkStreamRead', member_id: 'm', stream: 'g1', up_to: 9 })).toEqual([]);
  });
});
