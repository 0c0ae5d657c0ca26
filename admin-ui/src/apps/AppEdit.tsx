import { ANY_ASSIGNEE_PROPERTY, EMAIL_INTEGRATION_TRIGGERS, PROPERTY_EDITORS, PROPERTY_SIZES, PROPERTY_TYPES, tagParentKey } from '@cn/contracts';
import {
  ArrayInput,
  AutocompleteArrayInput,
  BooleanInput,
  Edit,
  FormDataConsumer,
  NumberInput,
  required,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  useTranslate,
} from 'react-admin';
import Box from '@mui/material/Box';
import { useSavingToasts } from '../layout/useSavingToasts';
import type { AppRecord, EditedProperty } from './apps-data-provider';

/** 'any membership property' (-1), in the console's language beside the properties' own labels */
const AnyProperty = () => <>{useTranslate()('cn.apps.integration.any_property')}</>;

const choices = (values: readonly string[], prefix: string) => values.map((value) => ({ id: value, name: `${prefix}.${value}` }));

/** the options each type offers (section 3): the editor shows only those */
const OPTIONS_OF: Record<string, readonly string[]> = {
  text: ['multiline', 'maxlength', 'prefix', 'postfix'],
  html: ['maxlength'],
  number: ['precision', 'min', 'max', 'prefix', 'postfix'],
  selection: ['options', 'multiple'],
  tag: ['multiple', 'allow_create', 'internal', 'tag_parents'],
  membership: ['multiple', 'async'],
  relation: ['related_apps', 'multiple', 'allow_create_related', 'polymorphic', 'async'],
  address: ['country', 'with_name'],
};

/** a list of strings (related apps' slugs), one input each */
const TextListInput = ({ source, label, itemLabel }: { source: string; label: string; itemLabel: string }) => (
  <ArrayInput source={source} label={label}>
    <SimpleFormIterator inline disableReordering>
      <TextInput source="" label={itemLabel} />
    </SimpleFormIterator>
  </ArrayInput>
);

interface TagParentChoice {
  id: string;
  name: string;
}

/**
 * The tag groups a tag property may name: the app's other tag properties (saved ones: a new row has no
 * id to name yet), labelled as the editor shows them; for a property that is not internal, only those
 * that are not internal either (the server refuses an internal group there: `internal_tag_parent`). A
 * parent it names already that is not offered (another app's tag property, or one the server will refuse)
 * stays a choice, so that nothing is dropped unseen and the server's refusal shows at the picker.
 */
export const tagParentChoices = (appId: string, properties: readonly EditedProperty[], own: { id?: string; internal?: boolean } | undefined, current: readonly string[]): TagParentChoice[] => {
  const offered = properties
    .filter((property) => property.type === 'tag' && property.id && property.id !== own?.id)
    .filter((property) => own?.internal === true || property.internal !== true || current.includes(tagParentKey(appId, property.id ?? '')))
    .map((property) => ({ id: tagParentKey(appId, property.id ?? ''), name: `${property.label || property.name} (${property.name})` }));
  const known = new Set(offered.map((choice) => choice.id));
  return [...offered, ...current.filter((parent) => !known.has(parent)).map((parent) => ({ id: parent, name: parent }))];
};

/** the tag groups as a picker of the app's other tag properties (the server checks them: unknown_tag_parent, internal_tag_parent) */
const TagParentsInput = ({ choices }: { choices: TagParentChoice[] }) => (
  <AutocompleteArrayInput
    source="tag_parents"
    label="cn.apps.property.tag_parents"
    helperText="cn.apps.property.tag_parents_help"
    choices={choices}
    translateChoice={false}
    defaultValue={[]}
    sx={{ minWidth: 320 }}
    data-testid="tag-parents"
  />
);

const TypeOptions = ({ type, tagParents }: { type: string; tagParents: TagParentChoice[] }) => {
  const offered = new Set(OPTIONS_OF[type] ?? []);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {offered.has('multiline') && <BooleanInput source="multiline" label="cn.apps.property.multiline" />}
      {offered.has('maxlength') && <NumberInput source="maxlength" label="cn.apps.property.maxlength" min={1} />}
      {offered.has('precision') && <NumberInput source="precision" label="cn.apps.property.precision" min={0} max={10} />}
      {offered.has('min') && <NumberInput source="min" label="cn.apps.property.min" />}
      {offered.has('max') && <NumberInput source="max" label="cn.apps.property.max" />}
      {offered.has('prefix') && <TextInput source="prefix" label="cn.apps.property.prefix" />}
      {offered.has('postfix') && <TextInput source="postfix" label="cn.apps.property.postfix" />}
      {offered.has('multiple') && <BooleanInput source="multiple" label="cn.apps.property.multiple" />}
      {offered.has('allow_create') && <BooleanInput source="allow_create" label="cn.apps.property.allow_create" />}
      {offered.has('allow_create_related') && <BooleanInput source="allow_create_related" label="cn.apps.property.allow_create_related" />}
      {offered.has('polymorphic') && <BooleanInput source="polymorphic" label="cn.apps.property.polymorphic" />}
      {offered.has('async') && <BooleanInput source="async" label="cn.apps.property.async" />}
      {offered.has('country') && <TextInput source="country" label="cn.apps.property.country" helperText="cn.apps.property.country_help" />}
      {offered.has('with_name') && <BooleanInput source="with_name" label="cn.apps.property.with_name" />}
      {offered.has('related_apps') && <TextListInput source="related_apps" label="cn.apps.property.related_apps" itemLabel="cn.apps.fields.slug" />}
      {offered.has('internal') && <BooleanInput source="internal" label="cn.apps.property.internal" />}
      {offered.has('tag_parents') && <TagParentsInput choices={tagParents} />}
      {offered.has('options') && (
        <ArrayInput source="options" label="cn.apps.property.options">
          <SimpleFormIterator inline>
            <TextInput source="label" label="cn.apps.property.option_label" validate={required()} />
            <TextInput source="value" label="cn.apps.property.option_value" validate={required()} />
          </SimpleFormIterator>
        </ArrayInput>
      )}
    </Box>
  );
};

const typeOfRow = (row: unknown): string => {
  const type = (row as { type?: unknown } | undefined)?.type;
  return typeof type === 'string' ? type : '';
};

/** The property-set editor: the app's name and its properties in order, each with the options its type has. */
export const AppEdit = ({ id }: { id?: string } = {}) => {
  const savingToasts = useSavingToasts();
  return (
    <Edit resource="apps" id={id} mutationMode="pessimistic" mutationOptions={savingToasts}>
      <SimpleForm>
        <TextInput source="name" label="cn.apps.fields.name" disabled />
        <ArrayInput source="properties" label="cn.apps.fields.properties">
          <SimpleFormIterator data-testid="app-properties">
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              <TextInput source="name" label="cn.apps.property.name" validate={required()} helperText="cn.apps.property.name_help" />
              <TextInput source="label" label="cn.apps.property.label" validate={required()} />
              <SelectInput source="type" label="cn.apps.property.type" choices={choices(PROPERTY_TYPES, 'cn.apps.types')} validate={required()} defaultValue="text" />
              <BooleanInput source="required" label="cn.apps.property.required" defaultValue={false} />
              <SelectInput source="editable_by" label="cn.apps.property.editable_by" choices={choices(PROPERTY_EDITORS, 'cn.apps.editors')} defaultValue="members" />
              <SelectInput source="size" label="cn.apps.property.size" choices={choices(PROPERTY_SIZES, 'cn.apps.sizes')} defaultValue="medium" />
              <TextInput source="hint" label="cn.apps.property.hint" />
            </Box>
            <FormDataConsumer>
              {({ formData, scopedFormData }) => {
                const app = formData as Partial<AppRecord>;
                const row = scopedFormData as Partial<EditedProperty> | undefined;
                const tagParents = typeOfRow(row) === 'tag' ? tagParentChoices(String(app.id ?? ''), app.properties ?? [], row, row?.tag_parents ?? []) : [];
                return <TypeOptions type={typeOfRow(row)} tagParents={tagParents} />;
              }}
            </FormDataConsumer>
          </SimpleFormIterator>
        </ArrayInput>
        <TextInput source="teaser_template" label="cn.apps.fields.teaser_template" helperText="cn.apps.fields.teaser_help" fullWidth data-testid="app-teaser-template" />
        <ArrayInput source="email_integrations" label="cn.apps.fields.email_integrations" helperText="cn.apps.fields.email_integrations_help">
          <SimpleFormIterator>
            <SelectInput source="trigger" label="cn.apps.integration.trigger" choices={choices(EMAIL_INTEGRATION_TRIGGERS, 'cn.apps.integration.triggers')} validate={required()} />
            <FormDataConsumer>
              {({ formData }) => (
                <SelectInput
                  source="assignee_property_id"
                  label="cn.apps.integration.assignee_property"
                  choices={[
                    { id: ANY_ASSIGNEE_PROPERTY, name: 'cn.apps.integration.any_property' },
                    ...((formData as { properties?: Array<{ id?: string; label?: string; name?: string; type?: string }> }).properties ?? [])
                      .filter((property) => property.type === 'membership' && property.id)
                      .map((property) => ({ id: property.id ?? '', name: property.label || property.name || '' })),
                  ]}
                  translateChoice={false}
                  optionText={(choice: { id: string | number; name: string }) => (choice.id === ANY_ASSIGNEE_PROPERTY ? <AnyProperty /> : choice.name)}
                  validate={required()}
                />
              )}
            </FormDataConsumer>
            <TextInput source="email_subject_template" label="cn.apps.integration.subject" validate={required()} fullWidth />
            <TextInput source="email_text_template" label="cn.apps.integration.text" validate={required()} multiline minRows={3} fullWidth />
          </SimpleFormIterator>
        </ArrayInput>
      </SimpleForm>
    </Edit>
  );
};
