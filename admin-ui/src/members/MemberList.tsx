import {
  BooleanField,
  Datagrid,
  DeleteWithConfirmButton,
  EmailField,
  List,
  TextField,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Box, Chip, Stack, useMediaQuery, type Theme } from '@mui/material';
import type { AdminMemberDto, MemberDto } from '@cn/contracts';
import { membersFilters } from './membersFilters';
import { SetPasswordButton } from './SetPasswordButton';
import { MemberMenu } from './MemberMenu';
import { MemberTwoFactorPanel } from './MemberTwoFactorPanel';

interface ColumnProps {
  label: string;
  sortable?: boolean;
}

const MemberBadges = (_props: ColumnProps) => {
  const member = useRecordContext<MemberDto & Partial<Pick<AdminMemberDto, 'email_bounced'>>>();
  const translate = useTranslate();
  if (!member) return null;
  const badges = [
    member.is_network_admin && 'admin',
    member.is_external && 'external',
    member.is_auditor && 'auditor',
    member.email_bounced === true && 'bounced',
  ].filter((badge): badge is string => badge !== false);
  return (
    <Stack direction="row" spacing={0.5}>
      {badges.map((badge) => (
        <Chip
          key={badge}
          size="small"
          color={badge === 'bounced' ? 'warning' : 'default'}
          title={badge === 'bounced' ? translate('resources.members.menu.bounced_hint') : undefined}
          label={translate(`resources.members.badges.${badge}`)}
          data-testid={`badge-${badge}`}
        />
      ))}
    </Stack>
  );
};

/** Erasing destroys the member's key, so it asks first and is not offered twice. */
const EraseButton = () => {
  const member = useRecordContext<MemberDto>();
  const translate = useTranslate();
  if (!member || member.deleted || (member as Partial<AdminMemberDto>).manage?.destroy === false) return null;
  return (
    <DeleteWithConfirmButton
      label="resources.members.erase.action"
      confirmTitle={translate('resources.members.erase.title', { name: member.name })}
      confirmContent="resources.members.erase.content"
      mutationMode="pessimistic"
      successMessage="cn.notifications.member_erased"
      redirect={false}
    />
  );
};

/** On a phone, name, email and roles share one column so that the table fits without scrolling sideways. */
const MemberSummary = (_props: ColumnProps & { sortBy?: string }) => {
  const member = useRecordContext<MemberDto>();
  if (!member) return null;
  return (
    <Stack spacing={0.5} sx={{ minWidth: 0, wordBreak: 'break-word' }}>
      <Box component="span" sx={{ fontWeight: 600 }}>
        {member.name}
      </Box>
      <EmailField source="email" />
      <MemberBadges label="resources.members.fields.badges" />
    </Stack>
  );
};

const MemberActions = (_props: ColumnProps) => (
  <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
    <SetPasswordButton />
    <MemberMenu />
    <EraseButton />
  </Stack>
);

export const MemberList = () => {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <List filters={membersFilters} sort={{ field: 'name', order: 'ASC' }} perPage={25}>
      {small ? (
        <Datagrid bulkActionButtons={false} rowClick={false} expand={<MemberTwoFactorPanel />}>
          <MemberSummary label="resources.members.fields.name" sortBy="name" />
          <MemberActions label="" sortable={false} />
        </Datagrid>
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false} expand={<MemberTwoFactorPanel />}>
          <TextField source="name" />
          <EmailField source="email" />
          <MemberBadges label="resources.members.fields.badges" sortable={false} />
          <BooleanField source="deleted" />
          <BooleanField source="locked" sortable={false} />
          <SetPasswordButton />
          <MemberMenu />
          <EraseButton />
        </Datagrid>
      )}
    </List>
  );
};
