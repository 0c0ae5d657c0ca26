import { ArrayInput, BooleanInput, maxLength, SimpleFormIterator, TextInput } from 'react-admin';
import { NAVIGATION_LINK_MAX, NAVIGATION_TEXT_MAX } from '@cn/contracts';
import { NetworkRecordEdit } from '../layout/NetworkRecordEdit';

/**
 * The network navigation: items with a text and a link, or a text and children (depth 2: children have
 * none). The server answers an item without them with empty_fields, shown at the field.
 */
export const NavigationEdit = () => (
  <NetworkRecordEdit resource="navigation" id="network" saveTestId="navigation-save">
    <ArrayInput source="navigation_items" label="resources.navigation.fields.navigation_items">
      <SimpleFormIterator inline disableReordering={false} getItemLabel={(index) => `${index + 1}.`} disableAdd={false}>
        <TextInput source="text" label="resources.navigation.fields.text" validate={maxLength(NAVIGATION_TEXT_MAX)} />
        <TextInput source="link" label="resources.navigation.fields.link" validate={maxLength(NAVIGATION_LINK_MAX)} />
        <BooleanInput source="new_window" label="resources.navigation.fields.new_window" />
        <ArrayInput source="navigation_items" label="resources.navigation.fields.children">
          <SimpleFormIterator inline>
            <TextInput source="text" label="resources.navigation.fields.text" validate={maxLength(NAVIGATION_TEXT_MAX)} />
            <TextInput source="link" label="resources.navigation.fields.link" validate={maxLength(NAVIGATION_LINK_MAX)} />
            <BooleanInput source="new_window" label="resources.navigation.fields.new_window" />
          </SimpleFormIterator>
        </ArrayInput>
      </SimpleFormIterator>
    </ArrayInput>
  </NetworkRecordEdit>
);
