import type { GroupAccess, GroupListEntryDto, GroupMembershipStatus } from '@cn/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToasts } from '../toasts/Toasts';
import { useGroupRefusal } from './group-refusal';
import { useGroupCommand } from './groups-queries';

/** The group row's badges (§2): archived, closed, hidden, externally visible. */
export const GroupBadges = ({ group }: { group: { archived: boolean; access: GroupAccess; externally_visible: boolean } }) => {
  const { t } = useTranslation();
  return (
    <span className="badges">
      {group.archived ? <span className="badge" data-testid="group-badge-archived">{t('groups.badges.archived')}</span> : null}
      {group.access === 'closed' ? <span className="badge" data-testid="group-badge-closed">{t('groups.badges.closed')}</span> : null}
      {group.access === 'hidden' ? <span className="badge" data-testid="group-badge-hidden">{t('groups.badges.hidden')}</span> : null}
      {group.externally_visible ? <span className="badge badge--external" data-testid="group-badge-external">{t('groups.badges.externally_visible')}</span> : null}
    </span>
  );
};

/** Asks before an action that cannot simply be undone (leaving, deleting). */
export const ConfirmButton = ({
  label,
  question,
  confirm,
  onConfirm,
  disabled,
  testId,
  danger = false,
}: {
  label: string;
  question: string;
  confirm: string;
  onConfirm: () => void;
  disabled?: boolean;
  testId: string;
  danger?: boolean;
}) => {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button type="button" className={danger ? 'button menu-item--danger' : 'button button--quiet'} disabled={disabled} data-testid={testId} onClick={() => setAsking(true)}>
        {t(label)}
      </button>
    );
  }
  return (
    <span className="confirm" role="alertdialog" aria-label={t(question)} data-testid={`${testId}-confirm`}>
      <span>{t(question)}</span>
      <button
        type="button"
        className="button"
        data-testid={`${testId}-yes`}
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {t(confirm)}
      </button>
      <button type="button" className="button button--quiet" onClick={() => setAsking(false)}>
        {t('common.cancel')}
      </button>
    </span>
  );
};

type Membership = Pick<GroupListEntryDto, 'slug' | 'can'> & {
  membership_status_of_current_member: GroupMembershipStatus;
  invite?: { id: string } | null;
};

/**
 * What the member may do by their membership (§4): join or ask to join; a request in moderation or
 * rejected shows as a disabled label; an invite is accepted or declined; a member leaves (after a question).
 */
export const MembershipActions = ({ group }: { group: Membership }) => {
  const { t } = useTranslation();
  const toasts = useToasts();
  const refusal = useGroupRefusal();
  const join = useGroupCommand((api, slug: string) => api.join(slug));
  const leave = useGroupCommand((api, slug: string) => api.leave(slug));
  const answer = useGroupCommand((api, { id, accept }: { id: string; accept: boolean }) => api.answerInvite(id, accept));
  const busy = join.isPending || leave.isPending || answer.isPending;
  const run = (action: Promise<unknown>, success: string) =>
    action.then(
      () => toasts.show('success', success),
      (error: unknown) => toasts.show('error', refusal(error)),
    );

  switch (group.membership_status_of_current_member) {
    case 'member':
      return group.can.leave ? (
        <ConfirmButton
          label="groups.actions.leave"
          question="groups.actions.leave_question"
          confirm="groups.actions.leave_confirm"
          disabled={busy}
          testId="group-leave"
          onConfirm={() => void run(leave.mutateAsync(group.slug), 'groups.flash.left')}
        />
      ) : null;
    case 'in_moderation':
      return (
        <button type="button" className="button" disabled data-testid="group-in-moderation">
          {t('groups.status.in_moderation')}
        </button>
      );
    case 'rejected':
      return (
        <button type="button" className="button" disabled data-testid="group-rejected">
          {t('groups.status.rejected')}
        </button>
      );
    case 'invited': {
      const inviteId = group.invite?.id;
      return (
        <span className="group-actions">
          <button type="button" className="button" disabled={busy} data-testid="group-accept-invite" onClick={() => void run(join.mutateAsync(group.slug), 'groups.flash.joined')}>
            {t('groups.actions.accept_invite')}
          </button>
          {inviteId ? (
            <button type="button" className="button button--quiet" disabled={busy} data-testid="group-decline-invite" onClick={() => void run(answer.mutateAsync({ id: inviteId, accept: false }), 'groups.flash.declined')}>
              {t('groups.actions.decline_invite')}
            </button>
          ) : null}
        </span>
      );
    }
    case 'no_member':
      if (group.can.join) {
        return (
          <button type="button" className="button" disabled={busy} data-testid="group-join" onClick={() => void run(join.mutateAsync(group.slug), 'groups.flash.joined')}>
            {t('groups.actions.join')}
          </button>
        );
      }
      if (group.can.join_moderated) {
        return (
          <button type="button" className="button" disabled={busy} data-testid="group-request" onClick={() => void run(join.mutateAsync(group.slug), 'groups.flash.requested')}>
            {t('groups.actions.request')}
          </button>
        );
      }
      return null;
  }
};

/** Favourite (first in the navigation) and subscription (notifications), for members. */
export const FollowActions = ({ group }: { group: { slug: string; favorited: boolean; i_haz_subscription: boolean; can: { favorite: boolean; subscribe: boolean } } }) => {
  const { t } = useTranslation();
  const toasts = useToasts();
  const refusal = useGroupRefusal();
  const favorite = useGroupCommand((api, favorited: boolean) => api.favorite(group.slug, favorited));
  const subscribe = useGroupCommand((api, subscribed: boolean) => api.subscribe(group.slug, subscribed));
  const fail = (error: unknown) => toasts.show('error', refusal(error));
  return (
    <span className="group-actions">
      {group.can.favorite ? (
        <button
          type="button"
          className="button button--quiet"
          aria-pressed={group.favorited}
          disabled={favorite.isPending}
          data-testid="group-favorite"
          onClick={() => void favorite.mutateAsync(!group.favorited).catch(fail)}
        >
          {t(group.favorited ? 'groups.actions.unfavorite' : 'groups.actions.favorite')}
        </button>
      ) : null}
      {group.can.subscribe ? (
        <button
          type="button"
          className="button button--quiet"
          aria-pressed={group.i_haz_subscription}
          disabled={subscribe.isPending}
          data-testid="group-subscribe"
          onClick={() => void subscribe.mutateAsync(!group.i_haz_subscription).catch(fail)}
        >
          {t(group.i_haz_subscription ? 'groups.actions.unsubscribe' : 'groups.actions.subscribe')}
        </button>
      ) : null}
    </span>
  );
};
