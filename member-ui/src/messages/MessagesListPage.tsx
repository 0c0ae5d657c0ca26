import type { MessageBox, MessageDto } from '@cn/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { errorKeyOf } from '../api/client';
import { EmptyState } from '../common/EmptyState';
import { LoadStatus } from '../common/LoadStatus';
import { usePageTitle } from '../common/usePageTitle';
import { Pagination } from '../directory/Pagination';
import { useToasts } from '../toasts/Toasts';
import { messageDate } from './message-format';
import { useMessageCommands, useMessages } from './messages-queries';

/** the party a row names: the sender in the inbox; in sent the first recipient and '+N' */
const Party = ({ message, box }: { message: MessageDto; box: MessageBox }) => {
  const { t } = useTranslation();
  if (box === 'inbox') return <span className="message-row__party">{message.author?.name ?? t('messages.deleted_member')}</span>;
  // members named one by one count every recipient; a group or the network counts as one addressee
  const named = message.to.slice(0, message.to_named_count).map((member) => member.name);
  const addressees = [...named, ...message.to_groups.map((group) => group.name), ...(message.to_all_network_members ? [t('messages.all_network_members')] : [])];
  const onlyMembers = message.to_groups.length === 0 && !message.to_all_network_members;
  const first = addressees[0] ?? message.to[0]?.name ?? t('messages.deleted_member');
  const more = onlyMembers ? message.to_count - 1 : addressees.length - 1;
  return (
    <span className="message-row__party">
      {first}
      {more > 0 ? <span className="message-row__more"> +{more}</span> : null}
    </span>
  );
};

/**
 * /messages (inbox) and /messages/sent: 10 per page, row checkboxes with a mark-all checkbox (indeterminate
 * when some are chosen), read, unread (inbox only) and delete for the chosen rows. New messages arrive
 * live over the realtime channel.
 */
export const MessagesListPage = ({ box }: { box: MessageBox }) => {
  const { t } = useTranslation();
  const toasts = useToasts();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useMessages(box, page - 1);
  const commands = useMessageCommands();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  usePageTitle(box === 'sent' ? 'messages.sent.title' : 'messages.inbox.title');

  const messages = useMemo(() => list.data?.messages ?? [], [list.data]);
  const totalPages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.limit)) : 1;
  // what left the page (deleted here or elsewhere) is no longer chosen
  useEffect(() => {
    setChosen((current) => {
      const shown = new Set(messages.map((message) => message.id));
      const kept = [...current].filter((id) => shown.has(id));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [messages]);
  useEffect(() => setChosen(new Set()), [box, page]);
  // a page emptied by deleting its last rows shows the one before
  useEffect(() => {
    if (list.data && page > totalPages) setParams({ page: String(totalPages) }, { replace: true });
  }, [list.data, page, totalPages, setParams]);

  const allBox = useRef<HTMLInputElement>(null);
  const some = chosen.size > 0 && chosen.size < messages.length;
  const all = messages.length > 0 && chosen.size === messages.length;
  useEffect(() => {
    if (allBox.current) allBox.current.indeterminate = some;
  }, [some]);

  const ids = [...chosen];
  const busy = commands.markRead.isPending || commands.markUnread.isPending || commands.remove.isPending;
  const failed = (): void => toasts.show('error', 'messages.toasts.network_error');
  const markRead = (read: boolean) => (read ? commands.markRead : commands.markUnread).mutate(ids, { onSuccess: () => setChosen(new Set()), onError: failed });
  const remove = () => {
    if (!window.confirm(t(box === 'sent' ? 'messages.confirm.delete_sent' : 'messages.confirm.delete', { count: ids.length }))) return;
    commands.remove.mutate(
      { box, ids },
      {
        onSuccess: () => {
          setChosen(new Set());
          toasts.show('success', ids.length > 1 ? 'messages.toasts.deleted_several' : 'messages.toasts.deleted');
        },
        onError: failed,
      },
    );
  };
  const toggle = (id: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <section className="page messages-page" data-testid={`messages-${box}`}>
      <header className="page__header messages-page__header">
        <h1 className="page__title">{t(box === 'sent' ? 'messages.sent.title' : 'messages.inbox.title')}</h1>
        {list.data?.can.send_direct_messages ? (
          <Link to="/messages/new" className="button button--primary" data-testid="new-message">
            {t('messages.new_message')}
          </Link>
        ) : null}
      </header>
      <LoadStatus load={list.isPending ? { phase: 'loading' } : list.isError && !list.data ? { phase: 'failed', errorKey: errorKeyOf(list.error) } : { phase: 'loaded' }} onRetry={() => void list.refetch()} testId="messages" />
      {list.data && messages.length === 0 ? (
        <EmptyState title={t(box === 'sent' ? 'messages.sent.empty' : 'messages.inbox.empty')} testId="messages-empty" />
      ) : null}
      {messages.length > 0 ? (
        <>
          <div className="messages-toolbar" role="toolbar" aria-label={t('messages.toolbar')}>
            <label className="messages-toolbar__all">
              <input ref={allBox} type="checkbox" checked={all} onChange={() => setChosen(all ? new Set() : new Set(messages.map((message) => message.id)))} data-testid="select-all" />
              <span className="visually-hidden">{t('messages.select_all')}</span>
            </label>
            {box === 'inbox' ? (
              <>
                <button type="button" className="button" disabled={chosen.size === 0 || busy} onClick={() => markRead(true)} data-testid="mark-read">
                  {t('messages.actions.mark_read')}
                </button>
                <button type="button" className="button" disabled={chosen.size === 0 || busy} onClick={() => markRead(false)} data-testid="mark-unread">
                  {t('messages.actions.mark_unread')}
                </button>
              </>
            ) : null}
            <button type="button" className="button button--danger" disabled={chosen.size === 0 || busy} onClick={remove} data-testid="delete-selected">
              {t('messages.actions.delete')}
            </button>
          </div>
          <ul className="message-rows" data-testid="message-rows">
            {messages.map((message) => (
              <li key={message.id} className={`message-row${message.i.read ? '' : ' message-row--unread'}`} data-testid="message-row" data-id={message.id} data-read={message.i.read}>
                <input type="checkbox" checked={chosen.has(message.id)} onChange={() => toggle(message.id)} aria-label={t('messages.select', { subject: message.subject || t('messages.no_subject') })} />
                <button type="button" className="message-row__open" onClick={() => void navigate(`/messages/${encodeURIComponent(message.id)}`)}>
                  <Party message={message} box={box} />
                  <time className="message-row__date" dateTime={message.created_at}>
                    {messageDate(message.created_at)}
                  </time>
                  <span className="message-row__subject">{message.subject || t('messages.no_subject')}</span>
                  <span className="message-row__snippet">{message.snippet}</span>
                  <span className="message-row__icons">
                    {message.has_replies ? (
                      <span className="message-row__icon" title={t('messages.has_replies')} aria-label={t('messages.has_replies')}>
                        ↩
                      </span>
                    ) : null}
                    {message.has_attachments ? (
                      <span className="message-row__icon" title={t('messages.has_attachments')} aria-label={t('messages.has_attachments')}>
                        📎
                      </span>
                    ) : null}
                    {message.conversation_length > 1 ? (
                      <span className="badge message-row__length" aria-label={t('messages.conversation_length', { count: message.conversation_length })}>
                        {message.conversation_length}
                      </span>
                    ) : null}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <Pagination page={page} totalPages={totalPages} onPage={(next) => setParams({ page: String(next) })} />
        </>
      ) : null}
    </section>
  );
};
