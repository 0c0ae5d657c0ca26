import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Chip } from '@mui/material';
import {
  Button,
  CreateButton,
  Datagrid,
  EditButton,
  List,
  NumberField,
  SearchInput,
  TextField,
  TopToolbar,
  usePermissions,
  useRecordContext,
} from 'react-admin';
import type { MembershipRoleAdminDto } from '@cn/contracts';
import type { Permissions } from '../api/authProvider';
import { EmptyList } from '../layout/EmptyList';
import { ConfirmedDeleteButton } from '../layout/ConfirmedDeleteButton';

interface ColumnProps {
  label: string;
  sortable?: boolean;
  source?: string;
}

/** the role as a badge, in its colours */
const RoleBadge = (_props: ColumnProps) => {
  const role = useRecordContext<MembershipRoleAdminDto>();
  if (!role) return null;
  return <Chip size="small" label={role.name} sx={{ bgcolor: role.color, color: role.text_color }} data-testid={`membership-role-${role.slug}`} />;
};

/** Delete after a confirmation; a role somebody still holds is refused (409) and the page says what to do. */
const DeleteRoleButton = (props: ColumnProps) => (
  <ConfirmedDeleteButton<MembershipRoleAdminDto>
    {...props}
    resource="membership_roles"
    testId={(role) => `membership-role-delete-${role.slug}`}
    translateOptions={(role) => ({ name: role.name })}
    refusal={(error) => ((error as { status?: number }).status === 409 ? 'resources.membership_roles.in_use' : 'cn.notifications.saving_failure')}
  />
);

const Actions = () => {
  const { permissions } = usePermissions<Permissions | null>();
  return (
    <TopToolbar>
      {/* the spec's back link of the roles manager: the members */}
      {permissions?.administrate === true ? (
        <Button label="resources.membership_roles.back_to_members" href="#/members" data-testid="membership-roles-back">
          <ArrowBackIcon />
        </Button>
      ) : null}
      {permissions?.administrate === true ? <CreateButton data-testid="membership-role-create" /> : null}
    </TopToolbar>
  );
};

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** Network-wide membership roles: badge, names, slug and how many hold it; administrators edit and delete. */
export const MembershipRoleList = () => {
  const { permissions } = usePermissions<Permissions | null>();
  const administrate = permissions?.administrate === true;
  return (
    <List sort={{ field: 'name', order: 'ASC' }} exporter={false} empty={<EmptyList resource="membership_roles" testId="membership-roles-empty" />} actions={<Actions />} filters={filters}>
      <Datagrid rowClick={administrate ? 'edit' : false} bulkActionButtons={false}>
        <RoleBadge label="resources.membership_roles.fields.badge" sortable={false} />
        <TextField source="name" label="resources.membership_roles.fields.name" />
        <TextField source="plural_name" label="resources.membership_roles.fields.plural_name" />
        <TextField source="slug" label="resources.membership_roles.fields.slug" />
        <NumberField source="member_count" label="resources.membership_roles.fields.member_count" />
        {administrate ? <EditButton /> : null}
        {administrate ? <DeleteRoleButton label="" sortable={false} /> : null}
      </Datagrid>
    </List>
  );
};
