import { Create, Edit, maxLength, maxValue, minValue, NumberInput, required, SaveButton, SimpleForm, TextInput, Toolbar, useNotify, useRedirect } from 'react-admin';
import { MAP_PLACE_ADDRESS_MAX, MAP_PLACE_DESCRIPTION_MAX, MAP_PLACE_LINK_MAX, MAP_PLACE_NAME_MAX } from '@cn/contracts';

/** an address, or both coordinates (the server says the same: `address: required`, the missing one `required`) */
const placedSomehow = (_value: unknown, values: Record<string, unknown>): string | undefined => {
  const hasAddress = typeof values['address'] === 'string' && values['address'].trim() !== '';
  const hasLat = typeof values['lat'] === 'number';
  const hasLng = typeof values['lng'] === 'number';
  if (hasLat !== hasLng) return 'resources.map_places.both_coordinates';
  return hasAddress || hasLat ? undefined : 'resources.map_places.address_or_coordinates';
};

const linkFormat = (value: unknown): string | undefined =>
  typeof value !== 'string' || value.trim() === '' || /^https?:\/\/\S+$/i.test(value.trim()) ? undefined : 'resources.map_places.invalid_link';

/** name, description, address (the server geocodes it) or own lat/lng, link */
const Fields = () => (
  <>
    <TextInput source="name" label="resources.map_places.fields.name" validate={[required(), maxLength(MAP_PLACE_NAME_MAX)]} fullWidth data-testid="map-place-name" />
    <TextInput source="description" label="resources.map_places.fields.description" validate={maxLength(MAP_PLACE_DESCRIPTION_MAX)} multiline minRows={2} fullWidth data-testid="map-place-description" />
    <TextInput
      source="address"
      label="resources.map_places.fields.address"
      helperText="resources.map_places.address_hint"
      validate={[maxLength(MAP_PLACE_ADDRESS_MAX), placedSomehow]}
      fullWidth
      data-testid="map-place-address"
    />
    <NumberInput source="lat" label="resources.map_places.fields.lat" validate={[minValue(-90), maxValue(90), placedSomehow]} data-testid="map-place-lat" />
    <NumberInput source="lng" label="resources.map_places.fields.lng" validate={[minValue(-180), maxValue(180)]} data-testid="map-place-lng" />
    <TextInput source="link" label="resources.map_places.fields.link" validate={[maxLength(MAP_PLACE_LINK_MAX), linkFormat]} fullWidth data-testid="map-place-link" />
  </>
);

const FormToolbar = () => (
  <Toolbar>
    <SaveButton data-testid="map-place-save" />
  </Toolbar>
);

export const MapPlaceCreate = () => (
  <Create redirect="list">
    <SimpleForm toolbar={<FormToolbar />} defaultValues={{ name: '', description: '', address: '', link: '', lat: null, lng: null }}>
      <Fields />
    </SimpleForm>
  </Create>
);

/** Edits at the revision the place was read at: someone else's save meanwhile answers 409 and the list is read again. */
export const MapPlaceEdit = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit
      mutationMode="pessimistic"
      redirect="list"
      mutationOptions={{
        onError: (error: unknown) => {
          const status = (error as { status?: number }).status;
          notify(status === 409 ? 'cn.errors.concurrency_conflict' : 'cn.notifications.saving_failure', { type: 'error' });
          if (status === 409) redirect('list', 'map_places');
        },
      }}
    >
      <SimpleForm toolbar={<FormToolbar />}>
        <Fields />
      </SimpleForm>
    </Edit>
  );
};
