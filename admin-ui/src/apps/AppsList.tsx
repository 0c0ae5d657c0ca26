import { Datagrid, List, TextField } from 'react-admin';

/** The network's apps; a row opens the property-set editor. */
export const AppsList = () => (
  <List resource="apps" pagination={false} exporter={false} sort={{ field: 'name', order: 'ASC' }}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="name" label="cn.apps.fields.name" />
      <TextField source="id" label="cn.apps.fields.slug" sortable={false} />
      <TextField source="description" label="cn.apps.fields.description" sortable={false} />
    </Datagrid>
  </List>
);
