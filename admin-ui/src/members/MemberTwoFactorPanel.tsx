import { Alert, Box, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import type { AdminMemberDto, MemberFactorsResponse } from '@cn/contracts';
import type { MemberMenuCommands } from './members-data-provider';

const when = (iso: string): string => new Date(iso).toLocaleString();

/**
 * A member's two-factor state for the administration: the factors set up, and the ones deleted by the
 * member or reset by an administrator (which, when, by whom). Shown where a member is administered (the
 * member list's row details); read again whenever the row is opened.
 */
export const MemberTwoFactorPanel = () => {
  const member = useRecordContext<AdminMemberDto>();
  const translate = useTranslate();
  const dataProvider = useDataProvider<ReturnType<typeof useDataProvider> & MemberMenuCommands>();
  const [state, setState] = useState<MemberFactorsResponse | 'failed' | null>(null);
  const id = member?.id;
  useEffect(() => {
    if (!id) return;
    let live = true;
    dataProvider.memberFactors('members', { id }).then(
      (answer) => live && setState(answer),
      () => live && setState('failed'),
    );
    return () => {
      live = false;
    };
  }, [dataProvider, id]);
  if (!member) return null;
  if (state === 'failed') return <Alert severity="error">{translate('resources.members.two_factor.load_failed')}</Alert>;
  if (state === null) return null;
  const type = (value: string) => translate(`resources.members.two_factor.types.${value}`);
  return (
    <Box sx={{ py: 1 }} data-testid={`member-two-factor-${member.id}`}>
      {member.email_bounced ? (
        <Alert severity="warning" data-testid={`member-bounced-${member.id}`} sx={{ mb: 1 }}>
          {translate('resources.members.menu.bounced_hint')}
        </Alert>
      ) : null}
      <Typography variant="subtitle2">{translate('resources.members.two_factor.title')}</Typography>
      {state.factors.length === 0 ? <Typography variant="body2">{translate('resources.members.two_factor.none')}</Typography> : null}
      {state.factors.map((factor) => (
        <Typography variant="body2" key={factor.id ?? factor.type} data-testid={`member-factor-${factor.type}`}>
          {translate('resources.members.two_factor.active', { type: type(factor.type), date: when(factor.created_at) })}
          {factor.deactivated ? ` ${translate('resources.members.two_factor.deactivated')}` : ''}
        </Typography>
      ))}
      {state.removed_factors.length > 0 ? (
        <>
          <Typography variant="subtitle2" sx={{ mt: 1 }}>
            {translate('resources.members.two_factor.removed_title')}
          </Typography>
          {state.removed_factors.map((factor) => {
            const key =
              factor.removed_by === 'member'
                ? 'removed_by_member'
                : factor.removed_by_name
                  ? 'removed_by_administrator'
                  : 'removed_by_unknown_administrator';
            return (
              <Typography variant="body2" key={`${factor.id}:${factor.removed_at}`} data-testid={`member-removed-factor-${factor.type}`}>
                {translate(`resources.members.two_factor.${key}`, { type: type(factor.type), date: when(factor.removed_at), name: factor.removed_by_name ?? '' })}
              </Typography>
            );
          })}
        </>
      ) : null}
    </Box>
  );
};
