import type { MemberDto, MessageAttachmentDto, MessageDetailDto } from '@cn/contracts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../api/client';
import { EmptyState } from '../common/EmptyState';
import { useDebouncedCallback } from '../common/useDebouncedCallback';
import { usePageTitle } from '../common/usePageTitle';
import { refusalMessageKey } from '../i18n/refusal-message';
import { useSession, useSignedIn } from '../session/SessionContext';
import { useToasts } from '../toasts/Toasts';
import { AttachmentsField, attachmentIds, attachmentsSettled, useDraftAttachments } from './MessageAttachments';
import { messagesApi } from './messages-api';
import { prefixed, quoted } from './message-format';
import { useMessageCommands, useRecipientOptions } from './messages-queries';

/** §9: the directory's search debounce */
const SEARCH_DEBOUNCE_MS = 375;

interface Chosen {
  kind: 'member' | 'group';
  id: string;
  name: string;
}

type FieldErrors = Partial<Record<'to' | 'to_group' | 'to_all_network_members' | 'subject' | 'content' | 'attachments' | 'form', string>>;

/** members and groups as chips, a search with the options the server allows, and the all-network option for administrators */
const RecipientPicker = ({
  chosen,
  onChange,
  toAll,
  onToAll,
  error,
}: {
  chosen: Chosen[];
  onChange: (next: Chosen[]) => void;
  toAll: boolean;
  onToAll: (next: boolean) => void;
  error?: string;
}) => {
  const { t } = useTranslation();
  const inputId = useId();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const search = useDebouncedCallback((value: string) => setQ(value), SEARCH_DEBOUNCE_MS);
  const options = useRecipientOptions(q);
  const taken = new Set(chosen.map((entry) => `${entry.kind}:${entry.id}`));
  const add = (entry: Chosen) => {
    if (!taken.has(`${entry.kind}:${entry.id}`)) onChange([...chosen, entry]);
    setText('');
    setQ('');
  };
  const members = (options.data?.members ?? []).filter((member) => !taken.has(`member:${member.id}`));
  const groups = (options.data?.groups ?? []).filter((group) => !taken.has(`group:${group.id}`));
  const open = text.trim().length > 0 && (members.length > 0 || groups.length > 0);
  return (
    <div className="recipient-picker" data-testid="recipient-picker">
      <label htmlFor={inputId} className="form-field__label">
        {t('messages.composer.to')}
      </label>
      <ul className="recipient-picker__chips" aria-label={t('messages.composer.chosen')}>
        {chosen.map((entry) => (
          <li key={`${entry.kind}:${entry.id}`} className="chip" data-testid="recipient-chip">
            {entry.kind === 'group' ? `${t('messages.composer.group')}: ` : ''}
            {entry.name}
            <button type="button" className="chip__remove" aria-label={t('messages.composer.remove_recipient', { name: entry.name })} onClick={() => onChange(chosen.filter((other) => other !== entry))}>
              ×
            </button>
          </li>
        ))}
      </ul>
      <input
        id={inputId}
        type="search"
        autoComplete="off"
        value={text}
        placeholder={t('messages.composer.search_placeholder')}
        aria-invalid={error ? true : undefined}
        data-testid="recipient-search"
        onChange={(event) => {
          setText(event.target.value);
          search.run(event.target.value);
        }}
      />
      {open ? (
        <ul className="recipient-picker__options" role="listbox" data-testid="recipient-options">
          {members.map((member) => (
            <li key={`m:${member.id}`} role="option" aria-selected={false}>
              <button type="button" onClick={() => add({ kind: 'member', id: member.id, name: member.name })} data-testid="recipient-option">
                {member.name}
              </button>
            </li>
          ))}
          {groups.map((group) => (
            <li key={`g:${group.id}`} role="option" aria-selected={false}>
              <button type="button" onClick={() => add({ kind: 'group', id: group.id, name: group.name })} data-testid="recipient-option">
                {t('messages.composer.group')}: {group.name} ({t('messages.composer.member_count', { count: group.member_count })})
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {options.data?.can.send_to_network ? (
        <div className="recipient-picker__network">
          <label>
            <input type="checkbox" checked={toAll} onChange={(event) => onToAll(event.target.checked)} data-testid="to-all-network" /> {t('messages.composer.all_network')}
          </label>
          {toAll ? (
            <p className="alert alert--warning" role="note" data-testid="all-network-warning">
              {t('messages.composer.all_network_warning')}
            </p>
          ) : null}
        </div>
      ) : null}
      {error ? (
        <p className="form-field__error" role="alert" data-testid="error-to">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
};

/**
 * /messages/new: a new message (?to= prefills a member), a reply (?reply=), a reply to all (?reply_all=)
 * or a forward (?forward=) of a message the member holds, prefilled from it. Sending goes to the inbox
 * with a toast; a refusal names its field. Leaving with text asks first.
 */
export const MessageComposerPage = () => {
  const { t, i18n } = useTranslation();
  const { api } = useSession();
  const { member: me, can } = useSignedIn();
  const navigate = useNavigate();
  const toasts = useToasts();
  const [params] = useSearchParams();
  const commands = useMessageCommands();
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [toAll, setToAll] = useState(false);
  const [subject, setSubject] = useState('');
  const [content, setContent] = useState('');
  const [conversation, setConversation] = useState<string | null>(null);
  const [forwarded, setForwarded] = useState<string | null>(null);
  const [carried, setCarried] = useState<MessageAttachmentDto[]>([]);
  const attachments = useDraftAttachments();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [prefilling, setPrefilling] = useState(false);
  const sentRef = useRef(false);
  const subjectId = useId();
  const contentId = useId();
  const replyId = params.get('reply') ?? params.get('reply_all');
  const forwardId = params.get('forward');
  const toId = params.get('to');
  usePageTitle(replyId ? 'messages.composer.title_reply' : forwardId ? 'messages.composer.title_forward' : 'messages.composer.title');

  // prefill once from the message answered or forwarded, or the member named by ?to=
  useEffect(() => {
    let cancelled = false;
    const calls = messagesApi(api);
    const prefill = async () => {
      if (replyId || forwardId) {
        const source: MessageDetailDto = await calls.message((replyId ?? forwardId) as string);
        if (cancelled) return;
        if (replyId) {
          const people = [source.author, ...(params.has('reply_all') ? source.to : [])].filter((entry): entry is NonNullable<typeof entry> => entry !== null && entry.id !== me.id);
          setChosen([...new Map(people.map((entry) => [entry.id, { kind: 'member' as const, id: entry.id, name: entry.name }])).values()]);
          setSubject(prefixed(t('messages.composer.re_prefix'), source.subject));
          setConversation(source.conversation_starter_id);
        } else {
          setSubject(prefixed(t('messages.composer.fwd_prefix'), source.subject));
          setContent(quoted(source, t('messages.composer.forward_header', { name: source.author?.name ?? t('messages.deleted_member'), subject: source.subject || t('messages.no_subject') })));
          setForwarded(source.id);
          setCarried(source.attachments);
        }
      } else if (toId) {
        const member = await api.request<MemberDto>('GET', `/members/${encodeURIComponent(toId)}`);
        if (!cancelled && member.id !== me.id) setChosen([{ kind: 'member', id: member.id, name: member.displayName || member.name }]);
      }
    };
    setPrefilling(true);
    prefill()
      .catch(() => toasts.show('error', 'messages.toasts.network_error'))
      .finally(() => !cancelled && setPrefilling(false));
    return () => {
      cancelled = true;
    };
    // the prefill follows the address only: what the member types afterwards stays theirs
  }, [replyId, forwardId, toId, api]);

  const dirty = content.trim().length > 0 || subject.trim().length > 0;
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (sentRef.current) return;
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const to = chosen.filter((entry) => entry.kind === 'member').map((entry) => entry.id);
    const to_group = chosen.filter((entry) => entry.kind === 'group').map((entry) => entry.id);
    const local: FieldErrors = {};
    if (to.length === 0 && to_group.length === 0 && !toAll) local.to = 'messages.errors.missing_recipient';
    if (content.trim().length === 0) local.content = 'messages.errors.required';
    if (!attachmentsSettled(attachments.drafts)) local.attachments = 'messages.attachments.wait';
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    try {
      await commands.send.mutateAsync({ to, to_group, to_all_network_members: toAll, subject, content, attachments: attachmentIds(attachments.drafts), conversation_starter_id: conversation, forwarded_message_id: forwarded });
      sentRef.current = true;
      toasts.show('success', 'messages.toasts.sent');
      void navigate('/messages');
    } catch (error) {
      if (error instanceof ApiError && error.body.errors.length > 0) {
        const next: FieldErrors = {};
        for (const fieldError of error.body.errors) {
          const [head, item] = fieldError.field.split('.');
          const field = (head || 'form') as keyof FieldErrors;
          // a refused file (`attachments.N`) is also named beside itself
          if (field === 'attachments' && item !== undefined && /^\d+$/.test(item)) attachments.refuse(Number(item), refusalMessageKey(i18n, fieldError.key, ['messages.errors']));
          const target: keyof FieldErrors = field === 'to_group' || field === 'to_all_network_members' ? 'to' : field in { to: 1, subject: 1, content: 1, attachments: 1 } ? field : 'form';
          next[target] = refusalMessageKey(i18n, fieldError.key, ['messages.errors']);
        }
        setErrors(next);
        return;
      }
      const key = error instanceof ApiError ? refusalMessageKey(i18n, error.key, ['messages.errors']) : 'messages.errors.not_sent';
      toasts.show('error', key === 'errors.generic_error' ? 'messages.errors.not_sent' : key);
    }
  };

  const cancel = () => {
    if (dirty && !window.confirm(t('messages.confirm.leave_composer'))) return;
    void navigate(-1);
  };

  if (!can.send_direct_messages) {
    return (
      <section className="page message-composer" data-testid="message-composer">
        <EmptyState title={t('messages.composer.not_allowed')} testId="composer-not-allowed" />
      </section>
    );
  }
  return (
    <section className="page message-composer" data-testid="message-composer">
      <h1 className="page__title">{t(replyId ? 'messages.composer.title_reply' : forwardId ? 'messages.composer.title_forward' : 'messages.composer.title')}</h1>
      {prefilling ? (
        <p className="muted" role="status">
          {t('common.loading')}
        </p>
      ) : null}
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <RecipientPicker chosen={chosen} onChange={setChosen} toAll={toAll} onToAll={setToAll} error={errors.to} />
        <div className="form-field">
          <label htmlFor={subjectId} className="form-field__label">
            {t('messages.composer.subject')}
          </label>
          <input id={subjectId} type="text" maxLength={255} value={subject} onChange={(event) => setSubject(event.target.value)} data-testid="message-subject-input" aria-invalid={errors.subject ? true : undefined} />
          {errors.subject ? <p className="form-field__error" role="alert">{t(errors.subject)}</p> : null}
        </div>
        <div className="form-field">
          <label htmlFor={contentId} className="form-field__label">
            {t('messages.composer.content')}
          </label>
          <textarea id={contentId} rows={10} value={content} onChange={(event) => setContent(event.target.value)} data-testid="message-content-input" aria-invalid={errors.content ? true : undefined} />
          {errors.content ? (
            <p className="form-field__error" role="alert" data-testid="error-content">
              {t(errors.content)}
            </p>
          ) : null}
        </div>
        <AttachmentsField drafts={attachments.drafts} carried={carried} onAdd={attachments.add} onPick={attachments.pick} onRemove={attachments.remove} error={errors.attachments} />
        {errors.form ? (
          <p className="alert alert--error" role="alert">
            {t(errors.form)}
          </p>
        ) : null}
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={commands.send.isPending || prefilling || !attachmentsSettled(attachments.drafts)} data-testid="message-send">
            {t('messages.composer.send')}
          </button>
          <button type="button" className="button button--quiet" onClick={cancel}>
            {t('common.cancel')}
          </button>
        </div>
      </form>
    </section>
  );
};
