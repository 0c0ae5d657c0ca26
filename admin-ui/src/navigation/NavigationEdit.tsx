import { ArrayInput, BooleanInput, Edit, maxLength, SaveButton, SimpleForm, SimpleFormIterator, TextInput, Toolbar, useNotify, useRefresh } from 'react-admin';
import { NAVIGATION_LINK_MAX, NAVIGATION_TEXT_MAX } from '@cn/contracts';

const NavigationToolbar = () => (
  <Toolbar>
    <SaveButton data-testid="navigation-save" />
  </Toolbar>
);

/**
 * The network navigation: items with a text and a link, or a text and children (depth 2: children have
 * none). The server answers an item without them with empty_fields, shown at the field.
 */
export const NavigationEdit = () => {
  const notify = useNotify();
  const refresh = useRefresh();
  return (
    <Edit
      resource="navigation"
      id="network"
      redirect={false}
      mutationMode="pessimistic"
      mutationOptions={{
        onSuccess: () => {
          notify('cn.notifications.saving_successful', { type: 'success' });
          refresh();
        },
        onError: (error: unknown) => {
          const conflict = (error as { status?: number }).status === 409;
          notify(conflict ? 'cn.errors.concurrency_conflict' : 'cn.notifications.saving_failure', { type: 'error' });
          if (conflict) refresh();
        },
      }}
    >
      <SimpleForm toolbar={<NavigationToolbar />}>
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
      </SimpleForm>
    </Edit>
  );
};
