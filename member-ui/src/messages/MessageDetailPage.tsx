import type { MessageDto, TranslationLanguage } from '@cn/contracts';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ApiError, errorKeyOf } from '../api/client';
import { LoadStatus } from '../common/LoadStatus';
import { NotFoundPage } from '../common/NotFoundPage';
import { usePageTitle } from '../common/usePageTitle';
import { useSession, useSignedIn } from '../session/SessionContext';
import { useToasts } from '../toasts/Toasts';
import { messageDate } from './message-format';
import { useMessage, useMessageCommands } from './messages-queries';
import { AttachmentList } from './MessageAttachments';
import { messagesApi } from './messages-api';
import { MessageTranslationMenu, useMessageTranslation } from './MessageTranslation';

const Recipients = ({ message }: { message: MessageDto }) => {
  const { t } = useTranslation();
  const names = [
    ...(message.to_all_network_members ? [t('messages.all_network_members')] : []),
    ...message.to_groups.map((group) => group.name),
    ...message.to.map((member) => member.name),
  ];
  // the members reached through a group or the network are counted, not listed
  const more = message.to_groups.length === 0 && !message.to_all_network_members ? message.to_count - message.to.length : 0;
  return (
    <span data-testid="message-recipients">
      {t('messages.to')} {names.join(', ')}
      {more > 0 ? ` ${t('messages.more_recipients', { count: more })}` : null}
    </span>
  );
};

const ConversationEntry = ({ message, current, shown }: { message: MessageDto; current: boolean; shown: { subject: string; content: string } }) => {
  const { t } = useTranslation();
  return (
    <article className={`conversation-entry${current ? ' conversation-entry--current' : ''}`} data-testid="conversation-entry" data-id={message.id} aria-current={current ? 'true' : undefined}>
      <header className="conversation-entry__header">
        <strong>{message.author?.name ?? t('messages.deleted_member')}</strong>
        <time dateTime={message.created_at}>{messageDate(message.created_at)}</time>
      </header>
      <p className="conversation-entry__meta muted">
        <Recipients message={message} />
      </p>
      <h2 className="conversation-entry__subject">{shown.subject || t('messages.no_subject')}</h2>
      <div className="conversation-entry__content" data-testid="message-content">
        {shown.content}
      </div>
      <AttachmentList attachments={message.attachments} />
    </article>
  );
};

/**
 * /messages/:id: the message with back, read or unread (not in sent), delete, reply, reply all and forward,
 * and its conversation as the member holds it, newest first. Opening an unread message marks it read.
 */
export const MessageDetailPage = () => {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const toasts = useToasts();
  const { member: me, network } = useSignedIn();
  const { api } = useSession();
  const load = useMessage(id);
  const commands = useMessageCommands();
  const message = load.data;
  usePageTitle('messages.detail.title', { subject: message?.subject || t('messages.no_subject') });

  const loadTranslation = useCallback((language: TranslationLanguage) => messagesApi(api).translation(id, language), [api, id]);
  const translationFailed = useCallback(() => toasts.show('error', 'messages.toasts.translation_failed'), [toasts]);
  const translation = useMessageTranslation({ messageId: id, load: loadTranslation, onFailure: translationFailed });
  const translated = translation.state.phase === 'translated' ? translation.state.translation : null;
  // the translation covers the conversation as the page shows it; an entry it lacks (arrived since) stays as written
  const shownOf = (entry: MessageDto) => translated?.conversation.find((done) => done.id === entry.id) ?? (translated && entry.id === id ? translated : entry);

  const markedFor = useRef<string | null>(null);
  const { mutate: markRead } = commands.markRead;
  useEffect(() => {
    if (!message || markedFor.current === message.id) return;
    markedFor.current = message.id;
    if (message.box === 'inbox' && !message.i.read) markRead([message.id]);
  }, [message, markRead]);

  if (load.isError && load.error instanceof ApiError && load.error.status === 404) return <NotFoundPage />;
  const back = message?.box === 'sent' ? '/messages/sent' : '/messages';
  const failed = (): void => toasts.show('error', 'messages.toasts.network_error');
  const remove = () => {
    if (!message || !window.confirm(t(message.box === 'sent' ? 'messages.confirm.delete_sent' : 'messages.confirm.delete', { count: 1 }))) return;
    commands.remove.mutate(
      { box: message.box, ids: [message.id] },
      {
        onSuccess: () => {
          toasts.show('success', 'messages.toasts.deleted');
          void navigate(back);
        },
        onError: failed,
      },
    );
  };
  const toggleRead = () => {
    if (!message) return;
    (message.i.read ? commands.markUnread : commands.markRead).mutate([message.id], { onError: failed });
  };
  // reply all only where it reaches more than reply: someone besides the author and the reader
  const others = message ? new Set([message.author?.id, ...message.to.map((member) => member.id)].filter((id) => id !== undefined && id !== me.id)).size : 0;
  const busy = commands.markRead.isPending || commands.markUnread.isPending || commands.remove.isPending;

  return (
    <section className="page message-detail" data-testid="message-detail">
      <LoadStatus load={load.isPending ? { phase: 'loading' } : load.isError ? { phase: 'failed', errorKey: errorKeyOf(load.error) } : { phase: 'loaded' }} onRetry={() => void load.refetch()} testId="message" />
      {message ? (
        <>
          <div className="messages-toolbar" role="toolbar" aria-label={t('messages.toolbar')}>
            <Link to={back} className="button button--quiet" data-testid="message-back">
              ‹ {t('messages.actions.back')}
            </Link>
            {message.can.mark_read ? (
              <button type="button" className="button" onClick={toggleRead} disabled={busy} data-testid="toggle-read">
                {t(message.i.read ? 'messages.actions.mark_unread' : 'messages.actions.mark_read')}
              </button>
            ) : null}
            <button type="button" className="button button--danger" onClick={remove} disabled={busy} data-testid="message-delete">
              {t('messages.actions.delete')}
            </button>
            {message.can.reply ? (
              <Link to={`/messages/new?reply=${encodeURIComponent(message.id)}`} className="button" data-testid="message-reply">
                {t('messages.actions.reply')}
              </Link>
            ) : null}
            {message.can.reply && others > 1 ? (
              <Link to={`/messages/new?reply_all=${encodeURIComponent(message.id)}`} className="button" data-testid="message-reply-all">
                {t('messages.actions.reply_all')}
              </Link>
            ) : null}
            {message.can.forward ? (
              <Link to={`/messages/new?forward=${encodeURIComponent(message.id)}`} className="button" data-testid="message-forward">
                {t('messages.actions.forward')}
              </Link>
            ) : null}
            {network.features.translations ? (
              <MessageTranslationMenu state={translation.state} lastUsed={translation.lastUsed} onTranslate={translation.translate} onShowOriginal={translation.showOriginal} />
            ) : null}
          </div>
          <h1 className="page__title" data-testid="message-subject">
            {shownOf(message).subject || t('messages.no_subject')}
          </h1>
          <p className="muted">{t('messages.conversation_length', { count: message.conversation.length })}</p>
          <div className="conversation" data-testid="conversation">
            {message.conversation.map((entry) => (
              <ConversationEntry key={entry.id} message={entry} current={entry.id === message.id} shown={shownOf(entry)} />
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
};
