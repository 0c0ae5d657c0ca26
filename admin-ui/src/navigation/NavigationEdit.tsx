import { ArrayInput, BooleanInput, FormDataConsumer, maxLength, SelectInput, SimpleFormIterator, TextInput, useGetList } from 'react-admin';
import { NAVIGATION_LINK_MAX, NAVIGATION_STANDARD_TARGETS, NAVIGATION_TEXT_MAX, type NavigationLinkType } from '@cn/contracts';
import { NetworkRecordEdit } from '../layout/NetworkRecordEdit';
import { linkTypeChoices } from './navigation-data-provider';

interface Choice {
  id: string;
  name: string;
}

const standardChoices: Choice[] = NAVIGATION_STANDARD_TARGETS.map((target) => ({ id: target, name: `resources.navigation.standard_links.${target}` }));

/** An item's link: the type chosen, then the free address or the page, app or module it opens. */
const LinkInputs = ({ pages, apps }: { pages: Choice[]; apps: Choice[] }) => (
  <>
    <SelectInput source="link_type" label="resources.navigation.fields.link_type" choices={linkTypeChoices({ pages: pages.length, apps: apps.length })} defaultValue="link" emptyText="" />
    <FormDataConsumer<{ link_type?: NavigationLinkType }>>
      {({ scopedFormData }) => {
        switch (scopedFormData?.link_type ?? 'link') {
          case 'page':
            return <SelectInput source="target" label="resources.navigation.fields.target_page" choices={pages} translateChoice={false} />;
          case 'app':
            return <SelectInput source="target" label="resources.navigation.fields.target_app" choices={apps} translateChoice={false} />;
          case 'standard':
            return <SelectInput source="target" label="resources.navigation.fields.target_standard" choices={standardChoices} />;
          default:
            return <TextInput source="link" label="resources.navigation.fields.link" validate={maxLength(NAVIGATION_LINK_MAX)} />;
        }
      }}
    </FormDataConsumer>
    <BooleanInput source="new_window" label="resources.navigation.fields.new_window" />
  </>
);

/**
 * The network navigation: items with a text and a link, or a text and children (depth 2: children have
 * none). A link is a free address, one of the network's pages or apps (offered when there are any) or a
 * standard module; the server checks the page or app exists. The server answers an item without them
 * with empty_fields (unknown_page / unknown_app), shown at the field.
 */
export const NavigationEdit = () => {
  const { data: pageRows } = useGetList<{ id: string; title: string }>('pages', { pagination: { page: 1, perPage: 200 }, sort: { field: 'title', order: 'ASC' }, filter: {} });
  const { data: appRows } = useGetList<{ id: string; name: string }>('apps', { pagination: { page: 1, perPage: 200 }, sort: { field: 'name', order: 'ASC' }, filter: {} });
  const pages = (pageRows ?? []).map((page) => ({ id: page.id, name: page.title }));
  const apps = (appRows ?? []).map((app) => ({ id: app.id, name: app.name }));
  return (
    <NetworkRecordEdit resource="navigation" id="network" saveTestId="navigation-save">
      <ArrayInput source="navigation_items" label="resources.navigation.fields.navigation_items">
        <SimpleFormIterator inline disableReordering={false} getItemLabel={(index) => `${index + 1}.`} disableAdd={false}>
          <TextInput source="text" label="resources.navigation.fields.text" validate={maxLength(NAVIGATION_TEXT_MAX)} />
          <LinkInputs pages={pages} apps={apps} />
          <ArrayInput source="navigation_items" label="resources.navigation.fields.children">
            <SimpleFormIterator inline>
              <TextInput source="text" label="resources.navigation.fields.text" validate={maxLength(NAVIGATION_TEXT_MAX)} />
              <LinkInputs pages={pages} apps={apps} />
            </SimpleFormIterator>
          </ArrayInput>
        </SimpleFormIterator>
      </ArrayInput>
    </NetworkRecordEdit>
  );
};
