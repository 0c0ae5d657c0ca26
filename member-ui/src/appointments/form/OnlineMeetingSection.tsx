import { chooseOnlineMeeting, chooseTeamsSync } from '@cn/contracts';
import { useTranslation } from 'react-i18next';
import type { AppointmentForm } from '../appointment-form';
import { Check, Fieldset, patchNested, type SectionProps } from './form-parts';

/**
 * Teams sync (not for series), an online meeting (implied by the sync), the lobby bypass (only for a synced
 * online meeting), and a meeting link of one's own.
 */
export const OnlineMeetingSection = ({ form, onChange }: Omit<SectionProps, 'errors'>) => {
  const { t } = useTranslation();
  const teams = form.teams_configuration;
  return (
    <Fieldset legend={t('appointments.form.online_meeting')}>
      <Check
        name="teams_configuration.teams_sync_enabled"
        checked={teams.teams_sync_enabled}
        disabled={form.recurrence_pattern.recurrence_frequency !== 'never'}
        onChange={(enabled) => onChange((current) => chooseTeamsSync(current, enabled))}
        label={t('appointments.fields.teams_sync_enabled')}
      />
      <Check
        name="teams_configuration.online_meeting"
        checked={teams.online_meeting}
        disabled={teams.teams_sync_enabled}
        onChange={(enabled) => onChange((current) => chooseOnlineMeeting(current, enabled))}
        label={t('appointments.fields.online_meeting')}
      />
      <Check
        name="teams_configuration.bypass_lobby"
        checked={teams.bypass_lobby}
        disabled={!(teams.teams_sync_enabled && teams.online_meeting)}
        onChange={(bypass_lobby) => onChange(patchNested('teams_configuration', { bypass_lobby }))}
        label={t('appointments.fields.bypass_lobby')}
      />
      <div className="field-row">
        <label className="inline-field inline-field--grow">
          {t('appointments.fields.meeting_link')}
          <input type="url" name="location.link" value={form.location.link} onChange={(event) => onChange(patchNested('location', { link: event.target.value }))} />
        </label>
        <label className="inline-field">
          {t('appointments.fields.meeting_link_type')}
          <select
            name="location.meeting_link_type"
            value={form.location.meeting_link_type}
            onChange={(event) => onChange(patchNested('location', { meeting_link_type: event.target.value as AppointmentForm['location']['meeting_link_type'] }))}
          >
            <option value="">–</option>
            <option value="ms_teams">Microsoft Teams</option>
            <option value="google_meet">Google Meet</option>
            <option value="zoom">Zoom</option>
          </select>
        </label>
      </div>
    </Fieldset>
  );
};
