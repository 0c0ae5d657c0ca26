import { Link, Stack } from '@mui/material';
import { BooleanInput, NumberInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { FILE_PROFILE_SET, FOLDER_PROFILE_SET, MAX_LOCK_PERIOD_DAYS } from '@cn/contracts';
import { NetworkRecordEdit } from '../layout/NetworkRecordEdit';

/** the property set editor's route for a network set (the property_sets resource's page) */
const profileSetPath = (name: string): string => `#/property_sets/${encodeURIComponent(name)}/edit`;

/**
 * The files area's settings: the extension allow or deny list, the default lock period and whether files
 * and folders carry profiles. The profiles' properties are the network's `file_profile` and `folder_profile`
 * property sets (a group may have its own), edited with the property set editor linked here.
 */
export const FileSettingsEdit = () => {
  const translate = useTranslate();
  return (
    <NetworkRecordEdit resource="file_settings" id="network" saveTestId="file-settings-save">
      <BooleanInput source="extension_filter.enabled" label="resources.file_settings.fields.extension_filter_enabled" />
      <SelectInput
        source="extension_filter.type"
        label="resources.file_settings.fields.extension_filter_type"
        choices={[
          { id: 'allow', name: 'resources.file_settings.filter_types.allow' },
          { id: 'deny', name: 'resources.file_settings.filter_types.deny' },
        ]}
      />
      <TextInput source="extension_filter.list" label="resources.file_settings.fields.extension_filter_list" helperText="resources.file_settings.helpers.extension_filter_list" />
      <NumberInput source="lock_period_days" label="resources.file_settings.fields.lock_period_days" min={1} max={MAX_LOCK_PERIOD_DAYS} />
      <BooleanInput source="profiles_enabled" label="resources.file_settings.fields.profiles_enabled" helperText="resources.file_settings.helpers.profiles_enabled" />
      <Stack direction="row" spacing={2}>
        <Link href={profileSetPath(FILE_PROFILE_SET)} data-testid="file-settings-file-profile">
          {translate('resources.file_settings.edit_file_profile')}
        </Link>
        <Link href={profileSetPath(FOLDER_PROFILE_SET)} data-testid="file-settings-folder-profile">
          {translate('resources.file_settings.edit_folder_profile')}
        </Link>
      </Stack>
    </NetworkRecordEdit>
  );
};
