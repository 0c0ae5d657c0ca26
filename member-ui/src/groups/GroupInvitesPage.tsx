import { DIRECTORY_SEARCH_DEBOUNCE_MS, mayRenewInvites, mayRevokeInvites, type GroupInviteDto, type MemberDto } from '@cn/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ApiError } from '../api/client';
import { loadOf } from '../api/load';
import { EmptyState } from '../common/EmptyState';
import { LoadStatus } from '../common/LoadStatus';
import { useDebouncedCallback } from '../common/useDebouncedCallback';
import { usePageTitle } from '../common/usePageTitle';
import { useLiveTopic } from '../realtime/LiveQueries';
import { useSession } from '../session/SessionContext';
import { useToasts } from '../toasts/Toasts';
import { useGroupRefusal } from './group-refusal';
import { groupsApi } from './groups-api';
import { useGroupCommand, useGroupInvites, useMyGroups } from './groups-queries';
import { GroupImage } from './GroupImage';
import './groups.css';

const InviteTabs = () => {
  const { t } = useTranslation();
  return (
    <nav className="tabs" aria-label={t('groups.invites.tabs_label')} data-testid="invite-tabs">
      <NavLink to="/invites" end className="tab">
        {t('groups.invites.tabs.received')}
      </NavLink>
      <NavLink to="/invites/sent" className="tab">
        {t('groups.invites.tabs.sent')}
      </NavLink>
      <NavLink to="/invites/new" className="tab">
        {t('groups.invites.tabs.new')}
      </NavLink>
    </nav>
  );
};

/** A group invite card: accept (then to the group) or decline; afterwards a reaction text replaces the buttons. */
const InviteCard = ({ invite }: { invite: GroupInviteDto }) => {
  const { t } = useTranslation();
  const toasts = useToasts();
  const navigate = useNavigate();
  const refusal = useGroupRefusal();
  const [reaction, setReaction] = useState<'accepted' | 'declined' | null>(null);
  const answer = useGroupCommand((api, accept: boolean) => api.answerInvite(invite.id, accept));
  const respond = (accept: boolean) =>
    void answer.mutateAsync(accept).then(
      () => {
        setReaction(accept ? 'accepted' : 'declined');
        if (accept) void navigate(`/groups/${invite.invitable.slug}`);
      },
      (error: unknown) => toasts.show('error', refusal(error)),
    );
  return (
    <li className="invite-card" data-testid={`group-invite-${invite.id}`}>
      <GroupImage group={{ id: invite.invitable.id, name: invite.invitable.name, profile_image: invite.invitable.images?.small }} size="small" />
      <Link to={`/groups/${invite.invitable.slug}`} className="group-row__name">
        {invite.invitable.name}
      </Link>
      <span className="muted">
        {t('groups.counts.members', { count: invite.invitable.member_count })}
        {invite.invitable.teaser ? ` · ${invite.invitable.teaser}` : ''}
      </span>
      <span>{t('groups.invites.invited_by', { author: invite.author.name })}</span>
      {invite.additional_message ? <blockquote>{invite.additional_message}</blockquote> : null}
      {reaction ? (
        <p role="status">{t(`groups.invites.reaction.${reaction}`)}</p>
      ) : (
        <span className="group-actions">
          <button type="button" className="button" disabled={answer.isPending} data-testid="invite-accept" onClick={() => respond(true)}>
            {t('groups.actions.accept_invite')}
          </button>
          <button type="button" className="button button--quiet" disabled={answer.isPending} data-testid="invite-decline" onClick={() => respond(false)}>
            {t('groups.actions.decline_invite')}
          </button>
        </span>
      )}
    </li>
  );
};

/** /invites: the member's open group invites. */
export const GroupInvitesPage = () => {
  const { t } = useTranslation();
  const invites = useGroupInvites(false);
  const load = loadOf(invites);
  usePageTitle('groups.invites.title');
  useLiveTopic('groups');
  return (
    <section className="page" data-testid="group-invites-page">
      <h1 className="page__title">{t('groups.invites.title')}</h1>
      <InviteTabs />
      <LoadStatus load={load} onRetry={() => void invites.refetch()} testId="group-invites" />
      {load.phase === 'loaded' ? (
        load.data.invites.length === 0 ? (
          <EmptyState title="groups.invites.empty_title" text="groups.invites.empty_text" testId="group-invites-empty" />
        ) : (
          <ul className="group-list">
            {load.data.invites.map((invite) => (
              <InviteCard key={invite.id} invite={invite} />
            ))}
          </ul>
        )
      ) : null}
    </section>
  );
};

/** /invites/sent: invites the member sent (and all of the groups they moderate), with batch revoke and renew (§4 rules). */
export const SentGroupInvitesPage = () => {
  const { t } = useTranslation();
  const toasts = useToasts();
  const invites = useGroupInvites(true);
  const load = loadOf(invites);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const batch = useGroupCommand((api, { action, ids }: { action: 'revoke' | 'renew'; ids: string[] }) => api.batchInvites(action, ids));
  usePageTitle('groups.invites.sent_title');
  useLiveTopic('groups');
  const rows = load.phase === 'loaded' ? load.data.invites : [];
  const chosen = rows.filter((invite) => selected.has(invite.id));
  const statuses = chosen.map((invite) => invite.status);
  const run = (action: 'revoke' | 'renew') =>
    void batch.mutateAsync({ action, ids: chosen.map((invite) => invite.id) }).then(
      () => {
        setSelected(new Set());
        toasts.show('success', action === 'revoke' ? 'groups.flash.revoked' : 'groups.flash.renewed');
      },
      () => toasts.show('error', action === 'revoke' ? 'groups.errors.not_revokable' : 'groups.errors.not_renewable'),
    );
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <section className="page" data-testid="sent-invites-page">
      <h1 className="page__title">{t('groups.invites.sent_title')}</h1>
      <InviteTabs />
      <p className="group-actions">
        <button type="button" className="button button--quiet" disabled={!mayRevokeInvites(statuses) || batch.isPending} data-testid="invites-revoke" onClick={() => run('revoke')}>
          {t('groups.invites.revoke')}
        </button>
        <button type="button" className="button button--quiet" disabled={!mayRenewInvites(statuses) || batch.isPending} data-testid="invites-renew" onClick={() => run('renew')}>
          {t('groups.invites.renew')}
        </button>
      </p>
      <LoadStatus load={load} onRetry={() => void invites.refetch()} testId="sent-invites" />
      {load.phase === 'loaded' && rows.length === 0 ? <EmptyState title="groups.invites.sent_empty" testId="sent-invites-empty" /> : null}
      {rows.length > 0 ? (
        <table className="invite-table">
          <thead>
            <tr>
              <th>
                <span className="visually-hidden">{t('groups.invites.select')}</span>
              </th>
              <th>{t('groups.invites.columns.invitee')}</th>
              <th>{t('groups.invites.columns.group')}</th>
              <th>{t('groups.invites.columns.status')}</th>
              <th>{t('groups.invites.columns.date')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((invite) => (
              <tr key={invite.id} data-testid={`sent-invite-${invite.id}`}>
                <td>
                  <input type="checkbox" aria-label={t('groups.invites.select')} checked={selected.has(invite.id)} onChange={() => toggle(invite.id)} />
                </td>
                <td>{invite.invitee.name}</td>
                <td className="sent-invite__group">
                  <GroupImage group={{ id: invite.invitable.id, name: invite.invitable.name, profile_image: invite.invitable.images?.small }} size="small" />
                  <Link to={`/groups/${invite.invitable.slug}`}>{invite.invitable.name}</Link>
                </td>
                <td>{t(`groups.invites.status.${invite.status}`)}</td>
                <td>{new Date(invite.created_at).toLocaleDateString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
};

/**
 * /groups/{slug}/membership_invites/new and /invites/new: members picked by name (the directory's search),
 * an optional message. On /invites/new the group is chosen among the member's groups.
 */
export const InviteMembersPage = () => {
  const { t } = useTranslation();
  const { slug: routeSlug } = useParams();
  const { api } = useSession();
  const toasts = useToasts();
  const navigate = useNavigate();
  const myGroups = useMyGroups();
  const [slug, setSlug] = useState(routeSlug ?? '');
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<MemberDto[]>([]);
  const [params] = useSearchParams();
  // the directory's invite button picks its member (/invites/new?member_id&member_name)
  const [picked, setPicked] = useState<Array<{ id: string; name: string }>>(() => {
    const id = params.get('member_id');
    return id ? [{ id, name: params.get('member_name') ?? '' }] : [];
  });
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const refusal = useGroupRefusal();
  const invite = useGroupCommand((calls, target: string) => calls.invite(target, { membership_ids: picked.map((member) => member.id), additional_message: message }));
  usePageTitle('groups.invites.new_title');
  const search = useDebouncedCallback((value: string) => {
    if (!value.trim()) {
      setFound([]);
      return;
    }
    void groupsApi(api)
      .searchMembers(value.trim())
      .then((answer) => setFound(answer.entries), () => setFound([]));
  }, DIRECTORY_SEARCH_DEBOUNCE_MS);

  const send = async () => {
    if (!slug) return setError('groups.invites.group_required');
    if (picked.length === 0) return setError('errors.selection_required');
    setError(null);
    try {
      await invite.mutateAsync(slug);
      toasts.show('success', 'groups.flash.invited');
      void navigate(routeSlug ? `/groups/${slug}/members` : '/invites/sent');
    } catch (caught) {
      const field = caught instanceof ApiError ? caught.body.errors[0]?.key : undefined;
      toasts.show('error', field === 'unknown_member' ? 'errors.unknown_member' : refusal(caught));
    }
  };

  return (
    <section className="page" data-testid="invite-members-page">
      <h1 className="page__title">{t('groups.invites.new_title')}</h1>
      {routeSlug ? null : <InviteTabs />}
      <form
        className="group-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        {routeSlug ? null : (
          <label className="field">
            <span>{t('groups.invites.group')}</span>
            <select value={slug} data-testid="invite-group" onChange={(event) => setSlug(event.target.value)}>
              <option value="">{t('groups.invites.choose_group')}</option>
              {(myGroups.data?.groups ?? []).map((group) => (
                <option key={group.slug} value={group.slug}>
                  {group.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="field">
          <span>{t('groups.invites.members')}</span>
          <input
            type="search"
            value={query}
            autoComplete="off"
            placeholder={t('groups.invites.search_placeholder')}
            data-testid="invite-member-search"
            onChange={(event) => {
              setQuery(event.target.value);
              search.run(event.target.value);
            }}
          />
        </label>
        {found.length > 0 ? (
          <ul className="menu-list">
            {found
              .filter((member) => !picked.some((other) => other.id === member.id))
              .map((member) => (
                <li key={member.id}>
                  <button type="button" className="menu-item" data-testid={`invite-pick-${member.id}`} onClick={() => setPicked((current) => [...current, { id: member.id, name: member.displayName }])}>
                    {member.displayName}
                  </button>
                </li>
              ))}
          </ul>
        ) : null}
        {picked.length > 0 ? (
          <p className="chips">
            {picked.map((member) => (
              <button key={member.id} type="button" className="chip" aria-label={t('groups.invites.remove', { name: member.name })} onClick={() => setPicked((current) => current.filter((other) => other.id !== member.id))}>
                {member.name} ×
              </button>
            ))}
          </p>
        ) : null}
        <label className="field">
          <span>{t('groups.invites.message')}</span>
          <textarea rows={4} value={message} maxLength={2000} onChange={(event) => setMessage(event.target.value)} />
        </label>
        {error ? <p className="field__error">{t(error)}</p> : null}
        <p className="group-actions">
          <button type="submit" className="button" disabled={invite.isPending} data-testid="invite-send">
            {t('groups.invites.send')}
          </button>
        </p>
      </form>
    </section>
  );
};
