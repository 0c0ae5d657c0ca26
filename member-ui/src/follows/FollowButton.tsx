import { useTranslation } from 'react-i18next';
import { errorKeyOf } from '../api/client';
import { refusalMessageKey } from '../i18n/refusal-message';
import { useToasts } from '../toasts/Toasts';
import { useFollowMember, useFollowState } from './follows-queries';

/** Follow a member, or stop following them: shown by the server's `can.follow`, the rule the command refuses by. */
export const FollowButton = ({ memberId }: { memberId: string }) => {
  const { t, i18n } = useTranslation();
  const toasts = useToasts();
  const state = useFollowState(memberId);
  const command = useFollowMember();
  if (!state.isSuccess || !state.data.can.follow) return null;
  const following = state.data.following;
  const toggle = async () => {
    try {
      await command.mutateAsync({ id: memberId, follow: !following });
      toasts.show('success', following ? 'follows.unfollowed' : 'follows.followed');
    } catch (caught) {
      toasts.show('error', refusalMessageKey(i18n, errorKeyOf(caught), ['follows.errors']));
    }
  };
  return (
    <button type="button" className={following ? 'button button--quiet' : 'button'} data-testid={following ? 'unfollow-member' : 'follow-member'} disabled={command.isPending} onClick={() => void toggle()}>
      {t(following ? 'follows.unfollow' : 'follows.follow')}
    </button>
  );
};
