import type { ActivityDto, ActivityReplyDto } from '@cn/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { RichText } from '../channels/RichText';
import { useToasts } from '../toasts/Toasts';
import { useActivityCommands } from './activities-queries';
import { ActivityAttachments } from './ActivityAttachments';
import { activityErrorMessage } from './activity-errors';
import { Composer } from './Composer';

import { consoleTimeZone } from '../common/console-time-zone';
import { streamPath } from './stream-path';
import { DAY_AND_TIME, formatInstant } from '../common/date-format';

const When = ({ iso }: { iso: string }) => {
  const { i18n } = useTranslation();
  return <time dateTime={iso}>{formatInstant(iso, i18n.language, { ...DAY_AND_TIME, timeZone: consoleTimeZone() })}</time>;
};

const Reply = ({ activityId, reply }: { activityId: string; reply: ActivityReplyDto }) => {
  const { t } = useTranslation();
  const commands = useActivityCommands();
  const toasts = useToasts();
  const [editing, setEditing] = useState(false);
  const remove = async () => {
    if (!window.confirm(t('activities.reply.confirm_delete'))) return;
    try {
      await commands.removeReply.mutateAsync({ id: activityId, replyId: reply.id });
    } catch (error) {
      toasts.show('error', activityErrorMessage(error));
    }
  };
  return (
    <li className="activity-reply" data-testid={`reply-${reply.id}`}>
      <p className="muted">
        {reply.author ? <Link to={reply.author.path}>{reply.author.name}</Link> : t('activities.deleted_member')} · <When iso={reply.created_at} />
      </p>
      {editing ? (
        <Composer
          id={`edit-reply-${reply.id}`}
          placeholder={t('activities.reply.edit')}
          initial={reply.html_content}
          startOpen
          pending={commands.editReply.isPending}
          onCancel={() => setEditing(false)}
          onSubmit={async (content) => {
            try {
              await commands.editReply.mutateAsync({ id: activityId, replyId: reply.id, content });
              setEditing(false);
              return true;
            } catch (error) {
              toasts.show('error', activityErrorMessage(error));
              return false;
            }
          }}
        />
      ) : (
        <RichText html={reply.html_content} />
      )}
      <div className="activity__actions">
        {reply.can.update && !editing ? (
          <button type="button" className="button button--quiet" onClick={() => setEditing(true)}>
            {t('activities.reply.edit')}
          </button>
        ) : null}
        {reply.can.destroy ? (
          <button type="button" className="button button--quiet" onClick={() => void remove()}>
            {t('activities.reply.delete')}
          </button>
        ) : null}
      </div>
    </li>
  );
};

/** What an automatic activity tells, in the console's language. */
const Told = ({ activity }: { activity: ActivityDto }) => {
  const { t } = useTranslation();
  if (!activity.subject) return null;
  const who = activity.author?.name ?? t('activities.deleted_member');
  return (
    <p className="activity__told" data-testid="activity-told">
      {t(`activities.told.${activity.kind}`, { who })} <Link to={activity.subject.path}>{activity.subject.title}</Link>
    </p>
  );
};

/** One activity: who, where, when, its text, likes and replies, and what the member may do with it. */
export const ActivityCard = ({ activity, showStream }: { activity: ActivityDto; showStream: boolean }) => {
  const { t } = useTranslation();
  const commands = useActivityCommands();
  const toasts = useToasts();
  const [editing, setEditing] = useState(false);
  const fail = (error: unknown): false => {
    toasts.show('error', activityErrorMessage(error));
    return false;
  };
  const remove = async () => {
    if (!window.confirm(t('activities.post.confirm_delete'))) return;
    try {
      await commands.remove.mutateAsync(activity.id);
      toasts.show('success', 'activities.post.deleted');
    } catch (error) {
      fail(error);
    }
  };
  const streamName = activity.stream.name || t(`activities.streams.${activity.stream.slug === 'network' ? 'network' : 'all'}`);
  return (
    <article className="activity card" data-testid={`activity-${activity.id}`} data-kind={activity.kind}>
      <header className="activity__header muted">
        {activity.kind === 'post' ? <>{activity.author ? <Link to={activity.author.path}>{activity.author.name}</Link> : t('activities.deleted_member')} · </> : null}
        <When iso={activity.created_at} />
        {showStream ? (
          <>
            {' · '}
            <Link to={streamPath(activity.stream.slug)} data-testid="activity-stream">
              {streamName}
            </Link>
          </>
        ) : null}
      </header>
      {activity.kind === 'post' ? (
        editing ? (
          <Composer
            id={`edit-${activity.id}`}
            placeholder={t('activities.post.edit')}
            initial={activity.html_content}
            startOpen
            attachable
            carried={activity.attachments}
            pending={commands.edit.isPending}
            onCancel={() => setEditing(false)}
            onSubmit={async (content, attachments) => {
              try {
                await commands.edit.mutateAsync({ id: activity.id, content, attachments });
                setEditing(false);
                return true;
              } catch (error) {
                return fail(error);
              }
            }}
          />
        ) : (
          <>
            <RichText html={activity.html_content} testId="activity-body" />
            <ActivityAttachments attachments={activity.attachments} />
          </>
        )
      ) : (
        <Told activity={activity} />
      )}
      <div className="activity__actions">
        {activity.can.like ? (
          <button
            type="button"
            className="button button--quiet"
            aria-pressed={activity.liked}
            data-testid="like"
            disabled={commands.like.isPending}
            onClick={() => void commands.like.mutateAsync({ id: activity.id, liked: !activity.liked }).catch(fail)}
          >
            {activity.liked ? t('activities.like.unlike') : t('activities.like.like')}
          </button>
        ) : null}
        {activity.likes_count > 0 ? (
          <span className="muted" data-testid="likes-count">
            {t('activities.like.count', { count: activity.likes_count })}
          </span>
        ) : null}
        {activity.can.update && !editing ? (
          <button type="button" className="button button--quiet" onClick={() => setEditing(true)}>
            {t('activities.post.edit')}
          </button>
        ) : null}
        {activity.can.destroy ? (
          <button type="button" className="button button--quiet" data-testid="delete-activity" onClick={() => void remove()}>
            {t('activities.post.delete')}
          </button>
        ) : null}
      </div>
      {activity.replies.length > 0 ? (
        <ul className="activity__replies" aria-label={t('activities.reply.list')}>
          {activity.replies.map((reply) => (
            <Reply key={reply.id} activityId={activity.id} reply={reply} />
          ))}
        </ul>
      ) : null}
      {activity.can.reply ? (
        <Composer
          id={`reply-${activity.id}`}
          placeholder={t('activities.reply.placeholder')}
          pending={commands.reply.isPending}
          onSubmit={async (content) => {
            try {
              await commands.reply.mutateAsync({ id: activity.id, content });
              return true;
            } catch (error) {
              return fail(error);
            }
          }}
        />
      ) : null}
    </article>
  );
};
