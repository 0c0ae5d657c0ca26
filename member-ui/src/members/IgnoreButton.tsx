import { useTranslation } from 'react-i18next';
import { errorKeyOf } from '../api/client';
import { refusalMessageKey } from '../i18n/refusal-message';
import { useSignedIn } from '../session/SessionContext';
import { useToasts } from '../toasts/Toasts';
import { useIgnoredMembers, useIgnoreMember } from './members-queries';

/** Ignore a member, or stop ignoring them (shown by `can.ignore`; the state comes from one's own list). */
export const IgnoreButton = ({ memberId }: { memberId: string }) => {
  const { t, i18n } = useTranslation();
  const { member: me } = useSignedIn();
  const toasts = useToasts();
  const ignored = useIgnoredMembers(me.id);
  const command = useIgnoreMember(me.id);
  if (!ignored.isSuccess) return null;
  const ignoring = ignored.data.members.some((member) => member.id === memberId);
  const toggle = async () => {
    try {
      await command.mutateAsync({ id: memberId, ignore: !ignoring });
      toasts.show('success', ignoring ? 'members.ignore.unignored' : 'members.ignore.ignored');
    } catch (caught) {
      toasts.show('error', refusalMessageKey(i18n, errorKeyOf(caught), ['members.errors']));
    }
  };
  return (
    <button type="button" className="button button--quiet" data-testid={ignoring ? 'unignore-member' : 'ignore-member'} disabled={command.isPending} onClick={() => void toggle()}>
      {t(ignoring ? 'members.ignore.unignore' : 'members.ignore.ignore')}
    </button>
  );
};
