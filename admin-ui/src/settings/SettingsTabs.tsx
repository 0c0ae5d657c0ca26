import { BooleanInput, Button, CheckboxGroupInput, NumberInput, SelectInput, TextInput, useRecordContext, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Alert, Box } from '@mui/material';
import PlaceIcon from '@mui/icons-material/Place';
import {
  ANONYMIZE_MODES,
  CHANGE_REQUEST_FIELDS,
  DAILY_DIGEST_MODES,
  DIGEST_TIMES,
  DIGEST_UPCOMING_APPOINTMENTS_MAX,
  DIGEST_UPCOMING_APPOINTMENTS_MIN,
  MAP_THEMES,
  NETWORK_LANGUAGES,
  SHOW_ONLINE_STATUS,
  TWO_FACTOR_MODES,
  WEEKDAYS,
  ZOOM_LEVELS,
} from '@cn/contracts';
import { GroupCategoriesInput } from '../pickers/GroupCategoriesInput';
import { GroupsReferenceArrayInput } from '../pickers/GroupsReferenceArrayInput';
import { NumberSelectInput, SectionTitle, SettingsTextInput, WhenValue, choicesOf } from './settingsInputs';
import type { SettingsRecord } from './settingsDiff';
import { TestBirthdayMailButton } from './TestBirthdayMailButton';

const row = { display: 'flex', gap: 2, flexWrap: 'wrap' } as const;
const isTrue = (value: unknown): boolean => value === true;

export const BasicSettingsInputs = () => (
  <Box sx={{ width: '100%', maxWidth: 720 }}>
    <SettingsTextInput source="basic.name" />
    <SelectInput source="basic.language" choices={choicesOf(NETWORK_LANGUAGES, 'language')} />
    <BooleanInput source="basic.abuse_reports_enabled" />
    <SettingsTextInput source="basic.time_zone" />
  </Box>
);

export const JoinSettingsInputs = () => (
  <Box sx={{ width: '100%', maxWidth: 720 }}>
    <BooleanInput source="join.join_user_can_initiate" />
    <BooleanInput source="join.join_moderated" />
    <BooleanInput source="join.join_as_external" />
    <BooleanInput source="join.join_ask_for_profile_data" />
    <SectionTitle label="cn.settings.sections.group_promotion" />
    <BooleanInput source="join.group_promotion_config.active" />
    <SettingsTextInput source="join.group_promotion_config.title" />
    <SettingsTextInput source="join.group_promotion_config.description" multiline minRows={2} />
    <GroupCategoriesInput source="join.group_promotion_config.group_category_ids" />
    <GroupsReferenceArrayInput source="join.group_promotion_config.groups" />
    <BooleanInput source="join.group_promotion_config.enabled_for_external" />
    <SectionTitle label="cn.settings.sections.login_texts" />
    <SettingsTextInput source="join.login_text_before" multiline minRows={2} />
    <SettingsTextInput source="join.login_text_between" multiline minRows={2} />
    <SettingsTextInput source="join.login_text_after" multiline minRows={2} />
  </Box>
);

/** 'Enforced' is offered only while at least one method is available (spec §4). */
const TwoFactorInput = () => {
  const totp: unknown = useWatch({ name: 'member.two_factor_totp_available' });
  const email: unknown = useWatch({ name: 'member.two_factor_email_available' });
  const available = totp === true || email === true;
  const choices = choicesOf(TWO_FACTOR_MODES, 'two_factor').map((choice) => ({
    ...choice,
    disabled: choice.id === 'enforced' && !available,
  }));
  return (
    <SelectInput
      source="member.two_factor"
      choices={choices}
      helperText={available ? false : 'cn.settings.two_factor_enforced_unavailable'}
    />
  );
};

/** Turning anonymization on from 'disabled' warns that names will be replaced (spec §4). */
const AnonymizeWarning = () => {
  const record = useRecordContext<SettingsRecord>();
  const translate = useTranslate();
  const current: unknown = useWatch({ name: 'member.anonymize_memberships_config' });
  if (record?.member.anonymize_memberships_config !== 'disabled' || current === 'disabled') return null;
  return (
    <Alert severity="warning" data-testid="anonymize-warning" sx={{ mb: 2 }}>
      {translate('cn.settings.anonymize_warning')}
    </Alert>
  );
};

export const MemberSettingsInputs = () => (
  <Box sx={{ width: '100%', maxWidth: 720 }}>
    <SectionTitle label="cn.settings.sections.directory" />
    <SelectInput source="member.directory_default_sort" choices={choicesOf(['first_name', 'last_name'], 'directory_sort')} />
    {/* the profile lines shown in the directory (directory_profile_fields, detection_profile_field) are chosen
        among the network's profile fields, which the custom fields (issue 15) bring: until then there is
        nothing to pick, and an id typed by hand would name nothing, so the inputs are not offered */}
    <SectionTitle label="cn.settings.sections.map" />
    <BooleanInput source="member.show_map" />
    <WhenValue source="member.show_map" is={isTrue}>
      <SelectInput source="member.map_scope_selection" choices={choicesOf(['all', 'poi'], 'map_scope')} />
      {/* the places the map shows (with either scope) are a resource of their own */}
      <Button label="cn.settings.map_places_link" href="#/map_places" data-testid="settings-map-places">
        <PlaceIcon />
      </Button>
      <Box sx={row}>
        <SettingsTextInput source="member.network_location.street" fullWidth={false} sx={{ flex: 3 }} />
        <SettingsTextInput source="member.network_location.number" fullWidth={false} sx={{ flex: 1 }} />
      </Box>
      <Box sx={row}>
        <SettingsTextInput source="member.network_location.zip" fullWidth={false} sx={{ flex: 1 }} />
        <SettingsTextInput source="member.network_location.city" fullWidth={false} sx={{ flex: 3 }} />
      </Box>
      <SettingsTextInput source="member.network_location.country" />
      <Box sx={row}>
        <NumberInput source="member.network_location.lat" min={-90} max={90} step={0.000001} />
        <NumberInput source="member.network_location.lng" min={-180} max={180} step={0.000001} />
      </Box>
      <Box sx={row}>
        <NumberSelectInput source="member.zoom_level" choices={choicesOf(ZOOM_LEVELS, 'zoom_level')} />
        <SelectInput source="member.map_theme" choices={choicesOf(MAP_THEMES, 'map_theme')} />
      </Box>
    </WhenValue>
    <SectionTitle label="cn.settings.sections.memberships" />
    <BooleanInput source="member.show_locked_memberships" />
    <SelectInput source="member.anonymize_memberships_config" choices={choicesOf(ANONYMIZE_MODES, 'anonymize')} />
    <AnonymizeWarning />
    <WhenValue source="member.anonymize_memberships_config" is={(value) => value === 'after_days'}>
      <NumberInput source="member.anonymize_memberships_after_days" min={1} step={1} />
    </WhenValue>
    <WhenValue source="member.anonymize_memberships_config" is={(value) => value !== 'disabled'}>
      <SettingsTextInput source="member.anonymize_memberships_name" />
    </WhenValue>
    <SectionTitle label="cn.settings.sections.two_factor" />
    <TwoFactorInput />
    <BooleanInput source="member.two_factor_totp_available" />
    <BooleanInput source="member.two_factor_email_available" />
    <SectionTitle label="cn.settings.sections.presence" />
    <SelectInput source="member.show_online_status" choices={choicesOf(SHOW_ONLINE_STATUS, 'online_status')} />
    <BooleanInput source="member.guest_users_allow_chat" />
    <BooleanInput source="member.opt_retroactively" />
    <SectionTitle label="cn.settings.sections.change_requests" />
    <BooleanInput source="member.change_requests.enabled" />
    <WhenValue source="member.change_requests.enabled" is={(value) => value === true}>
      <CheckboxGroupInput source="member.change_requests.profile_fields" choices={choicesOf(CHANGE_REQUEST_FIELDS, 'change_request_fields')} />
    </WhenValue>
  </Box>
);

export const MailSettingsInputs = () => (
  <Box sx={{ width: '100%', maxWidth: 720 }}>
    <BooleanInput source="mail.notifications_send_direct_message_body" />
    <SectionTitle label="cn.settings.sections.recommendations" />
    <BooleanInput source="mail.email_recommendations.enabled" />
    <BooleanInput source="mail.email_recommendations.include_groups" />
    <BooleanInput source="mail.email_recommendations.include_members" />
    <SectionTitle label="cn.settings.sections.digest_days" />
    <Box sx={row}>
      {WEEKDAYS.map((day) => (
        <SelectInput
          key={day}
          source={`mail.digest_sending_days.${day}`}
          choices={choicesOf(DIGEST_TIMES, 'digest_time')}
          emptyText="cn.choices.digest_time.none"
          sx={{ minWidth: 150 }}
        />
      ))}
    </Box>
    <SectionTitle label="cn.settings.sections.digests" />
    <BooleanInput source="mail.digests.enabled" />
    <NumberInput
      source="mail.digests.max_upcoming_appointments"
      min={DIGEST_UPCOMING_APPOINTMENTS_MIN}
      max={DIGEST_UPCOMING_APPOINTMENTS_MAX}
      step={1}
    />
    <SectionTitle label="cn.settings.sections.daily_activity" />
    <BooleanInput source="mail.daily_activity.enabled" />
    <SelectInput source="mail.daily_activity.mode" choices={choicesOf(DAILY_DIGEST_MODES, 'daily_digest_mode')} />
    <SectionTitle label="cn.settings.sections.birthday_emails" />
    <BooleanInput source="mail.birthday_emails.enabled" />
    <SettingsTextInput source="mail.birthday_emails.subject" />
    <SettingsTextInput source="mail.birthday_emails.text" multiline minRows={3} />
    <TextInput source="mail.birthday_emails.image" fullWidth />
    <TestBirthdayMailButton />
  </Box>
);
