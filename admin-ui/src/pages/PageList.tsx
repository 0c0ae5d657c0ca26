import { Link } from '@mui/material';
import { CreateButton, Datagrid, EditButton, DateField, DeleteWithConfirmButton, List, SelectField, TextField, TopToolbar, usePermissions, useRecordContext } from 'react-admin';
import { PAGE_VISIBILITIES, type PageDto } from '@cn/contracts';
import type { Permissions } from '../api/authProvider';
import { EmptyList } from '../layout/EmptyList';

interface ColumnProps {
  label: string;
  sortable?: boolean;
}

const PageLink = (_props: ColumnProps) => {
  const page = useRecordContext<PageDto>();
  if (!page) return null;
  return (
    <Link href={page.html_url} target="_blank" rel="noreferrer" onClick={(event) => event.stopPropagation()} data-testid="page-link">
      {page.html_url}
    </Link>
  );
};

const Actions = () => {
  const { permissions } = usePermissions<Permissions | null>();
  return <TopToolbar>{permissions?.administrate === true ? <CreateButton /> : null}</TopToolbar>;
};

const visibilityChoices = PAGE_VISIBILITIES.map((id) => ({ id, name: `resources.pages.visibility.${id}` }));

/** Pages: title, link, visibility, last updated; a row opens the page's history; administrators edit and delete after a confirmation. */
export const PageList = () => {
  const { permissions } = usePermissions<Permissions | null>();
  const administrate = permissions?.administrate === true;
  return (
    <List sort={{ field: 'title', order: 'ASC' }} exporter={false} empty={<EmptyList resource="pages" testId="pages-empty" />} actions={<Actions />}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="title" label="resources.pages.fields.title" />
        <PageLink label="resources.pages.fields.link" sortable={false} />
        <SelectField source="visibility" label="resources.pages.fields.visibility" choices={visibilityChoices} sortable={false} />
        <DateField source="updated_at" label="resources.pages.fields.updated_at" showTime />
        {administrate ? <EditButton /> : null}
        {administrate ? <DeleteWithConfirmButton confirmTitle="resources.pages.delete_title" confirmContent="resources.pages.delete_confirm" mutationMode="pessimistic" /> : null}
      </Datagrid>
    </List>
  );
};
