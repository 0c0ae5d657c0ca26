import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import PersonOffIcon from '@mui/icons-material/PersonOff';
import PersonIcon from '@mui/icons-material/Person';
import SecurityIcon from '@mui/icons-material/Security';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import { useState } from 'react';
import { Button, Confirm, useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import type { AdminMemberDto } from '@cn/contracts';
import type { MemberMenuCommands } from './members-data-provider';

/** the key of a refusal the server answered (react-admin's HttpError carries the body) */
const refusalOf = (error: unknown): string => {
  const body = (error as { body?: { error?: unknown } } | null)?.body;
  return typeof body?.error === 'string' ? body.error : 'generic_error';
};

/**
 * The member manager menu (spec §6) for one row: each entry only where the row's `manage` flags (the
 * server's memberManagerAbilities) offer it; resetting two-factor asks first.
 */
export const MemberMenu = () => {
  const member = useRecordContext<AdminMemberDto>();
  const dataProvider = useDataProvider<ReturnType<typeof useDataProvider> & MemberMenuCommands>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [confirmReset, setConfirmReset] = useState(false);
  const [pending, setPending] = useState(false);
  if (!member?.manage) return null;
  // the bounce list's action is offered by its own flag (mayReactivateMemberEmail), beside the menu's
  const { manage } = member;

  const run = async (work: () => Promise<void>, success: string) => {
    setPending(true);
    try {
      await work();
      notify(success, { type: 'success', messageArgs: { name: member.name } });
      refresh();
    } catch (error) {
      notify(`cn.errors.${refusalOf(error)}`, { type: 'error' });
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      {manage.lock ? (
        <Button
          label={member.locked ? 'resources.members.menu.unlock' : 'resources.members.menu.lock'}
          disabled={pending}
          data-testid={member.locked ? 'unlock-member' : 'lock-member'}
          onClick={() =>
            void run(
              () => dataProvider.lockMember('members', { id: member.id, locked: !member.locked }),
              member.locked ? 'resources.members.menu.unlocked' : 'resources.members.menu.locked',
            )
          }
        >
          {member.locked ? <LockOpenIcon /> : <LockIcon />}
        </Button>
      ) : null}
      {manage.toggle_external ? (
        <Button
          label={member.is_external ? 'resources.members.menu.make_internal' : 'resources.members.menu.make_external'}
          disabled={pending}
          data-testid="toggle-external"
          onClick={() => void run(() => dataProvider.setExternal('members', { id: member.id, external: !member.is_external }), 'cn.notifications.saving_successful')}
        >
          {member.is_external ? <PersonIcon /> : <PersonOffIcon />}
        </Button>
      ) : null}
      {member.reactivate_email ? (
        <Button
          label="resources.members.menu.reactivate_email"
          disabled={pending}
          data-testid="reactivate-email"
          onClick={() => void run(() => dataProvider.reactivateEmail('members', { id: member.id }), 'resources.members.menu.email_reactivated')}
        >
          <MarkEmailReadIcon />
        </Button>
      ) : null}
      {manage.reset_two_factor ? (
        <>
          <Button label="resources.members.menu.reset_two_factor" disabled={pending} data-testid="reset-two-factor" onClick={() => setConfirmReset(true)}>
            <SecurityIcon />
          </Button>
          <Confirm
            isOpen={confirmReset}
            title="resources.members.menu.reset_two_factor_title"
            content="resources.members.menu.reset_two_factor_content"
            translateOptions={{ name: member.name }}
            onConfirm={() => {
              setConfirmReset(false);
              void run(() => dataProvider.resetTwoFactor('members', { id: member.id }), 'resources.members.menu.two_factor_reset');
            }}
            onClose={() => setConfirmReset(false)}
          />
        </>
      ) : null}
    </>
  );
};
