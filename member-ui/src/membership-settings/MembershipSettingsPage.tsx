import {
  DIGEST_GROUP_SWITCHES,
  EMAIL_ADMIN_NOTIFICATION_KEYS,
  EMAIL_NOTIFICATION_KEYS,
  EMAIL_SUBSCRIPTION_KEYS,
  type MembershipSettings,
  type MembershipSettingsResponse,
} from '@cn/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { errorKeyOf } from '../api/client';
import { setConsoleTimeZone } from '../common/console-time-zone';
import { useCommand } from '../api/useCommand';
import { usePageTitle } from '../common/usePageTitle';
import { refusalMessageKey } from '../i18n/refusal-message';
import { useSession } from '../session/SessionContext';
import { membershipSettingsApi, membershipSettingsKeys } from './membership-settings-api';
import { SubscriptionsList } from './SubscriptionsList';
import { BrowserNotifications } from '../devices/BrowserNotifications';
import { newsletterScheduleApi, newsletterScheduleKeys, scheduleWording } from './newsletter-schedule';

const keys = membershipSettingsKeys;
type Digest = MembershipSettings['email_digests'];

/** when the newsletter goes out, as the administrators set it (live: their change shows at once) */
const NewsletterSchedule = () => {
  const { t, i18n } = useTranslation();
  const { api } = useSession();
  const { data } = useQuery({ queryKey: newsletterScheduleKeys.all, queryFn: () => newsletterScheduleApi(api).get() });
  if (!data) return null;
  const wording = scheduleWording(data, i18n.language, (time) => t(`membership_settings.newsletter_schedule.times.${time}`));
  return (
    <p className="settings-hint" data-testid="newsletter-schedule">
      {t(wording.key, wording.values)}
    </p>
  );
};

const DigestFieldset = ({ name, value, groups, onChange }: { name: 'email_digests' | 'email_daily_digests'; value: Digest; groups: MembershipSettingsResponse['groups']; onChange: (value: Digest) => void }) => {
  const { t } = useTranslation();
  return (
    <fieldset className="settings-fieldset" data-testid={`settings-${name}`}>
      <legend>{t(`membership_settings.tabs.${name}`)}</legend>
      <label>
        <input type="checkbox" checked={value.enabled} onChange={(event) => onChange({ ...value, enabled: event.target.checked })} /> {t('membership_settings.digest.enabled')}
      </label>
      {DIGEST_GROUP_SWITCHES.map((option) => (
        <label key={option}>
          <input
            type="radio"
            name={`${name}-switch`}
            checked={value.switch === option}
            disabled={!value.enabled}
            // choosing selected groups starts with all of the member's groups (the spec's pre-fill)
            onChange={() => onChange({ ...value, switch: option, group_ids: option === 'selected_groups' && value.group_ids.length === 0 ? groups.map((group) => group.id) : value.group_ids })}
          />{' '}
          {t(`membership_settings.digest.${option}`)}
        </label>
      ))}
      {value.switch === 'selected_groups' ? (
        <ul className="settings-groups">
          {groups.map((group) => (
            <li key={group.id}>
              <label>
                <input
                  type="checkbox"
                  disabled={!value.enabled}
                  checked={value.group_ids.includes(group.id)}
                  onChange={(event) => onChange({ ...value, group_ids: event.target.checked ? [...value.group_ids, group.id] : value.group_ids.filter((id) => id !== group.id) })}
                />{' '}
                {group.name}
              </label>
            </li>
          ))}
        </ul>
      ) : null}
      <label>
        <input type="checkbox" disabled={!value.enabled} checked={value.include_network_level} onChange={(event) => onChange({ ...value, include_network_level: event.target.checked })} />{' '}
        {t('membership_settings.digest.include_network_level')}
      </label>
    </fieldset>
  );
};

const KeyList = <K extends string>({ name, options, value, onChange }: { name: string; options: readonly K[]; value: readonly K[]; onChange: (value: K[]) => void }) => {
  const { t } = useTranslation();
  return (
    <fieldset className="settings-fieldset" data-testid={`settings-${name}`}>
      <legend>{t(`membership_settings.tabs.${name}`)}</legend>
      {options.map((option) => (
        <label key={option}>
          <input type="checkbox" checked={value.includes(option)} onChange={(event) => onChange(event.target.checked ? [...value, option] : value.filter((entry) => entry !== option))} />{' '}
          {t(`membership_settings.keys.${option}`)}
        </label>
      ))}
    </fieldset>
  );
};

/** every IANA zone the browser knows (the server checks each with the same Intl rule) */
const knownZones = (): string[] => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
};

const TimeZoneFieldset = ({ value, networkZone, onChange }: { value: string | null; networkZone: string; onChange: (value: string | null) => void }) => {
  const { t } = useTranslation();
  const zones = knownZones();
  return (
    <fieldset className="settings-fieldset" data-testid="settings-time_zone">
      <legend>{t('membership_settings.time_zone.legend')}</legend>
      <label>
        {t('membership_settings.time_zone.label')}{' '}
        <select value={value ?? ''} onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)} data-testid="settings-time-zone">
          <option value="">{t('membership_settings.time_zone.network', { zone: networkZone })}</option>
          {value !== null && !zones.includes(value) ? <option value={value}>{value}</option> : null}
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </select>
      </label>
      <p className="muted">{t('membership_settings.time_zone.hint')}</p>
    </fieldset>
  );
};

/** a bounce-listed address: instead of the mail tabs, only the hint and (by can.reactivate) the 'activate' button */
const BouncedHint = ({ memberId, canReactivate }: { memberId: string; canReactivate: boolean }) => {
  const { t, i18n } = useTranslation();
  const { api } = useSession();
  const [error, setError] = useState<string | null>(null);
  const reactivate = useCommand(() => membershipSettingsApi(api).reactivate(memberId), [keys]);
  return (
    <div className="settings-fieldset" role="status" data-testid="settings-bounced">
      <p className="settings-hint">{t('membership_settings.bounced.hint')}</p>
      {canReactivate ? (
        <button
          type="button"
          className="button"
          disabled={reactivate.isPending}
          data-testid="settings-reactivate"
          onClick={() => reactivate.mutate(undefined, { onError: (failure) => setError(refusalMessageKey(i18n, errorKeyOf(failure), ['membership_settings.errors'])) })}
        >
          {t('membership_settings.bounced.activate')}
        </button>
      ) : null}
      {error ? <p role="alert">{t(error)}</p> : null}
    </div>
  );
};

const SettingsForm = ({ memberId, loaded }: { memberId: string; loaded: MembershipSettingsResponse }) => {
  const { t, i18n } = useTranslation();
  const { api } = useSession();
  const [settings, setSettings] = useState(loaded.settings);
  // what the form was last given: a pushed change (another tab, a bounce) or the own save's answer replaces the
  // fields only while the member has not changed them; unsaved edits are never undone by a push
  const [given, setGiven] = useState(loaded.settings);
  if (loaded.settings !== given) {
    setGiven(loaded.settings);
    if (JSON.stringify(settings) === JSON.stringify(given)) setSettings(loaded.settings);
  }
  const [notice, setNotice] = useState<{ ok: boolean; key: string } | null>(null);
  const save = useCommand((next: MembershipSettings) => membershipSettingsApi(api).change(memberId, next), [keys]);
  const { tabs } = loaded.can;
  const set = <F extends keyof MembershipSettings>(field: F, value: MembershipSettings[F]) => setSettings((current) => ({ ...current, [field]: value }));
  return (
    <form
      className="settings-form"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(settings, {
          onSuccess: () => {
            // the console tells times in the new zone at once (the network's answer says so at the next load)
            setConsoleTimeZone(settings.time_zone ?? loaded.network_time_zone ?? null);
            setNotice({ ok: true, key: 'membership_settings.saved' });
          },
          onError: (error) => setNotice({ ok: false, key: refusalMessageKey(i18n, errorKeyOf(error), ['membership_settings.errors']) }),
        });
      }}
    >
      {loaded.bounced ? (
        <BouncedHint memberId={memberId} canReactivate={loaded.can.reactivate} />
      ) : (
        <>
          {tabs.email_digests ? <DigestFieldset name="email_digests" value={settings.email_digests} groups={loaded.groups} onChange={(value) => set('email_digests', value)} /> : null}
          {tabs.email_daily_digests ? <DigestFieldset name="email_daily_digests" value={settings.email_daily_digests} groups={loaded.groups} onChange={(value) => set('email_daily_digests', value)} /> : null}
          {tabs.email_subscriptions ? <KeyList name="email_subscriptions" options={EMAIL_SUBSCRIPTION_KEYS} value={settings.email_subscriptions} onChange={(value) => set('email_subscriptions', value)} /> : null}
          {tabs.email_notifications ? <KeyList name="email_notifications" options={EMAIL_NOTIFICATION_KEYS} value={settings.email_notifications} onChange={(value) => set('email_notifications', value)} /> : null}
          {tabs.email_newsletter ? (
            <fieldset className="settings-fieldset" data-testid="settings-email_newsletter">
              <legend>{t('membership_settings.tabs.email_newsletter')}</legend>
              <label>
                <input type="checkbox" checked={settings.email_newsletter} onChange={(event) => set('email_newsletter', event.target.checked)} /> {t('membership_settings.newsletter')}
              </label>
              <NewsletterSchedule />
            </fieldset>
          ) : null}
          {tabs.email_admin_notifications ? (
            <KeyList name="email_admin_notifications" options={EMAIL_ADMIN_NOTIFICATION_KEYS} value={settings.email_admin_notifications} onChange={(value) => set('email_admin_notifications', value)} />
          ) : null}
        </>
      )}
      <TimeZoneFieldset value={settings.time_zone ?? null} networkZone={loaded.network_time_zone ?? ''} onChange={(value) => set('time_zone', value)} />
      {notice ? (
        <p role={notice.ok ? 'status' : 'alert'} data-testid="settings-notice">
          {t(notice.key)}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button" disabled={save.isPending} data-testid="settings-save">
          {t('common.save')}
        </button>
      </div>
    </form>
  );
};

/** /members/:id/settings/edit: the member's own mail settings, the tabs the network offers them. */
export const MembershipSettingsPage = () => {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { api } = useSession();
  usePageTitle('membership_settings.title');
  const query = useQuery({ queryKey: [...keys, id], queryFn: () => membershipSettingsApi(api).get(id), retry: false });
  return (
    <section className="page" data-testid="membership-settings-page">
      <h1 className="page__title">{t('membership_settings.title')}</h1>
      {query.isPending ? <p className="muted">{t('common.loading')}</p> : null}
      {query.isError ? <p role="alert">{t('membership_settings.unavailable')}</p> : null}
      {query.data ? <SettingsForm key={id} memberId={id} loaded={query.data} /> : null}
      {query.data?.can.tabs.email_subscriptions ? <SubscriptionsList memberId={id} /> : null}
      {query.data ? <BrowserNotifications /> : null}
    </section>
  );
};
