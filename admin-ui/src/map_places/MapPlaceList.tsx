import { CreateButton, Datagrid, EditButton, FunctionField, List, SearchInput, TextField, TopToolbar, usePermissions, useTranslate } from 'react-admin';
import type { MapPlaceAdminDto } from '@cn/contracts';
import type { Permissions } from '../api/authProvider';
import { ConfirmedDeleteButton, type ColumnProps } from '../layout/ConfirmedDeleteButton';
import { EmptyList } from '../layout/EmptyList';

/** where the place shows, in words: its coordinates, or that the address is not placed (yet) */
const Located = (_props: ColumnProps) => {
  const translate = useTranslate();
  return (
    <FunctionField<MapPlaceAdminDto>
      render={(place) =>
        place.located ? `${place.located.lat.toFixed(5)}, ${place.located.lng.toFixed(5)}` : translate('resources.map_places.not_located')
      }
    />
  );
};

const DeletePlaceButton = (props: ColumnProps) => (
  <ConfirmedDeleteButton<MapPlaceAdminDto> {...props} resource="map_places" testId={(place) => `map-place-delete-${place.id}`} translateOptions={(place) => ({ name: place.name })} />
);

const Actions = () => {
  const { permissions } = usePermissions<Permissions | null>();
  return <TopToolbar>{permissions?.administrate === true ? <CreateButton data-testid="map-place-create" /> : null}</TopToolbar>;
};

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** The points of interest: name, address, where they show; administrators edit and remove. */
export const MapPlaceList = () => {
  const { permissions } = usePermissions<Permissions | null>();
  const administrate = permissions?.administrate === true;
  return (
    <List sort={{ field: 'name', order: 'ASC' }} exporter={false} empty={<EmptyList resource="map_places" testId="map-places-empty" />} actions={<Actions />} filters={filters}>
      <Datagrid rowClick={administrate ? 'edit' : false} bulkActionButtons={false}>
        <TextField source="name" label="resources.map_places.fields.name" />
        <TextField source="address" label="resources.map_places.fields.address" emptyText="–" />
        <Located label="resources.map_places.fields.located" sortable={false} />
        {administrate ? <EditButton /> : null}
        {administrate ? <DeletePlaceButton label="" sortable={false} /> : null}
      </Datagrid>
    </List>
  );
};
