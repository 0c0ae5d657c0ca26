import {
  RECURRENCE_FREQUENCIES,
  TIME_STEP_MINUTES,
  allowedEndDates,
  chooseOnlineMeeting,
  chooseRecurrenceFrequency,
  chooseTeamsSync,
  type AppointmentCategoryDto,
  type AppointmentDto,
  type CalendarDto,
  type RecurrenceFrequency,
} from '@cn/contracts';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ApiError, errorKeyOf } from '../api/client';
import { calendarsApi } from '../calendars/calendars-api';
import { usePageTitle } from '../common/usePageTitle';
import { useSession } from '../session/SessionContext';
import { useToasts } from '../toasts/Toasts';
import {
  appointmentRequestOf,
  firstErrorField,
  formOfAppointment,
  newAppointmentForm,
  normalizeTimeInput,
  serverFieldErrors,
  startEndOf,
  validateAppointmentForm,
  type AppointmentForm,
  type FormErrors,
} from './appointment-form';
import { appointmentsApi } from './appointments-api';
import { MemberPicker } from './MemberPicker';
import { roomSpanOf } from './room-picker';
import { RoomPicker } from './RoomPicker';
import { viewerTimeZone } from './zoned-time';
import './appointments.css';

const timeZones = (): string[] => {
  const supported = (Intl as typeof Intl & { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  return supported ? supported('timeZone') : ['UTC', 'Europe/Berlin'];
};

const FieldError = ({ errors, field }: { errors: FormErrors; field: string }) => {
  const { t } = useTranslation();
  const key = errors[field];
  return key ? (
    <p className="field__error" data-testid={`error-${field}`} data-key={key}>
      {t(`appointments.errors.${key}`, { defaultValue: t(`errors.${key}`) })}
    </p>
  ) : null;
};

const Fieldset = ({ legend, children }: { legend: string; children: ReactNode }) => (
  <fieldset className="form-section">
    <legend>{legend}</legend>
    {children}
  </fieldset>
);

const Check = ({ name, checked, disabled, onChange, label }: { name: string; checked: boolean; disabled?: boolean; onChange: (value: boolean) => void; label: string }) => (
  <label className="check">
    <input type="checkbox" name={name} checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} />
    {label}
  </label>
);

type Target = { id: string | null; applyTo: 'this' | 'all' | null };

/** The form itself: new (`target.id` null) or edit of an appointment, occurrence or series. */
const Form = ({ initial, calendars, target }: { initial: AppointmentForm; calendars: CalendarDto[]; target: Target }) => {
  const { t } = useTranslation();
  const { api } = useSession();
  const toasts = useToasts();
  const navigate = useNavigate();
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [saving, setSaving] = useState(false);
  const zones = useMemo(timeZones, []);
  const set = (patch: Partial<AppointmentForm>) => setForm((current) => ({ ...current, ...patch }));
  const setNested = <K extends 'location' | 'attendee_configuration' | 'application_configuration'>(key: K, patch: Partial<AppointmentForm[K]>) =>
    setForm((current) => ({ ...current, [key]: { ...current[key], ...patch } }));

  const [categories, setCategories] = useState<AppointmentCategoryDto[]>([]);
  useEffect(() => {
    let current = true;
    appointmentsApi(api)
      .categories()
      .then((response) => {
        if (current) setCategories(response.categories);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [api]);
  const roomSpan = (() => {
    if (!form.end_date || (!form.all_day && !form.end_time)) return null;
    const { start, end } = startEndOf(form);
    return roomSpanOf(start, end);
  })();
  const loadRooms = useCallback(
    (span: { start: string; end: string }) =>
      appointmentsApi(api)
        .reservableRooms({ ...span, ...(target.id ? { appointment_id: target.id } : {}) })
        .then((response) => response.meeting_rooms),
    [api, target.id],
  );

  const frequency = form.recurrence_pattern.recurrence_frequency;
  const endDates = useMemo(() => {
    if (frequency === 'never') return [];
    const { start, end } = startEndOf(form);
    if (!start || !end) return [];
    const from = form.start_date;
    const to = `${Number(from.slice(0, 4)) + 2}${from.slice(4)}`;
    return allowedEndDates(
      { start, end, all_day: form.all_day, time_zone: form.time_zone, recurrence_pattern: form.recurrence_pattern },
      from,
      to,
    ).slice(0, 400);
  }, [form, frequency]);

  const showErrors = (next: FormErrors) => {
    setErrors(next);
    const first = firstErrorField(next);
    if (!first) return;
    const element = document.querySelector<HTMLElement>(`[data-field="${first}"]`);
    element?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    element?.querySelector<HTMLElement>('input, select, textarea')?.focus({ preventScroll: true });
  };

  const submit = async () => {
    const found = validateAppointmentForm(form);
    if (Object.keys(found).length > 0) {
      showErrors(found);
      const firstKey = found[firstErrorField(found) ?? ''];
      toasts.show('error', firstKey ? `appointments.errors.${firstKey}` : 'errors.generic_error');
      return;
    }
    setSaving(true);
    const calls = appointmentsApi(api);
    try {
      const request = appointmentRequestOf(form);
      if (target.id) {
        await calls.update(target.id, request);
        void navigate(`/appointments/${encodeURIComponent(target.id)}`);
      } else {
        const created = await calls.create(request);
        void navigate(`/appointments/${encodeURIComponent(created.id)}`);
      }
      toasts.show('success', 'appointments.form.saved');
    } catch (error) {
      if (error instanceof ApiError && error.body.errors.length > 0) showErrors(serverFieldErrors(error.body));
      toasts.show('error', 'errors.generic_error');
      setSaving(false);
    }
  };

  const pickable = calendars.filter((calendar) => calendar.can.create_appointments || form.calendar_ids.includes(calendar.id));
  const teams = form.teams_configuration;

  return (
    <form
      className="appointment-form"
      data-testid="appointment-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {target.applyTo ? (
        <p className="alert" data-testid="apply-to-note">
          {t(`appointments.form.apply_to_note.${target.applyTo}`)}
        </p>
      ) : null}
      <div className="field" data-field="name">
        <label htmlFor="appointment-name">{t('appointments.fields.name')}</label>
        <input id="appointment-name" name="name" value={form.name} aria-invalid={Boolean(errors.name)} maxLength={255} onChange={(event) => set({ name: event.target.value })} />
        <FieldError errors={errors} field="name" />
      </div>
      <div className="field" data-field="calendar_ids">
        <span className="field-label">{t('appointments.fields.calendars')}</span>
        <div className="calendar-choices" role="group" aria-invalid={Boolean(errors.calendar_ids)}>
          {pickable.length === 0 ? <p className="muted">{t('appointments.form.no_calendars')}</p> : null}
          {pickable.map((calendar) => (
            <label key={calendar.id} className="check">
              <input
                type="checkbox"
                name="calendar_ids"
                value={calendar.id}
                checked={form.calendar_ids.includes(calendar.id)}
                onChange={(event) =>
                  set({ calendar_ids: event.target.checked ? [...form.calendar_ids, calendar.id] : form.calendar_ids.filter((id) => id !== calendar.id) })
                }
              />
              <span className="calendar-dot" style={{ backgroundColor: `#${calendar.color}` }} aria-hidden="true" />
              {calendar.name}
            </label>
          ))}
        </div>
        <FieldError errors={errors} field="calendar_ids" />
      </div>
      <div className={`field date-field ${errors.date ? 'date-field--invalid' : ''}`} data-field="date" data-testid="date-field">
        <span className="field-label">{t('appointments.fields.date')}</span>
        <div className="date-row">
          <label>
            <span className="visually-hidden">{t('appointments.fields.start_date')}</span>
            <input type="date" name="date.start_date" value={form.start_date} aria-invalid={Boolean(errors.date)} onChange={(event) => set({ start_date: event.target.value })} />
          </label>
          {form.all_day ? null : (
            <label>
              <span className="visually-hidden">{t('appointments.fields.start_time')}</span>
              <input
                type="text"
                inputMode="numeric"
                name="date.start_time"
                placeholder="HH:mm"
                data-step-minutes={TIME_STEP_MINUTES}
                value={form.start_time}
                aria-invalid={Boolean(errors.date)}
                onChange={(event) => set({ start_time: event.target.value })}
                onBlur={(event) => set({ start_time: normalizeTimeInput(event.target.value) })}
              />
            </label>
          )}
          <span aria-hidden="true">–</span>
          <label>
            <span className="visually-hidden">{t('appointments.fields.end_date')}</span>
            <input type="date" name="date.end_date" value={form.end_date} aria-invalid={Boolean(errors.date)} onChange={(event) => set({ end_date: event.target.value })} />
          </label>
          {form.all_day ? null : (
            <label>
              <span className="visually-hidden">{t('appointments.fields.end_time')}</span>
              <input
                type="text"
                inputMode="numeric"
                name="date.end_time"
                placeholder="HH:mm"
                value={form.end_time}
                aria-invalid={Boolean(errors.date)}
                onChange={(event) => set({ end_time: event.target.value })}
                onBlur={(event) => set({ end_time: normalizeTimeInput(event.target.value) })}
              />
            </label>
          )}
        </div>
        <FieldError errors={errors} field="date" />
        <div className="date-options">
          <Check name="date.all_day" checked={form.all_day} onChange={(all_day) => set({ all_day })} label={t('appointments.fields.all_day')} />
          <label className="inline-field">
            {t('appointments.fields.time_zone')}
            <select name="date.time_zone" value={form.time_zone} onChange={(event) => set({ time_zone: event.target.value })}>
              {(zones.includes(form.time_zone) ? zones : [form.time_zone, ...zones]).map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </select>
          </label>
        </div>
      </div>
      <Fieldset legend={t('appointments.form.recurrence')}>
        <div className="field-row">
          <label className="inline-field">
            {t('appointments.fields.recurrence_frequency')}
            <select
              name="recurrence_pattern.recurrence_frequency"
              value={frequency}
              onChange={(event) => setForm((current) => chooseRecurrenceFrequency(current, event.target.value as RecurrenceFrequency))}
            >
              {RECURRENCE_FREQUENCIES.map((value) => (
                <option key={value} value={value}>
                  {t(`appointments.recurrence.frequency.${value}`)}
                </option>
              ))}
            </select>
          </label>
          {frequency === 'custom' ? (
            <label className="inline-field" data-field="recurrence_pattern.recurrence_interval">
              {t('appointments.fields.recurrence_interval')}
              <input
                type="number"
                min={1}
                step={1}
                name="recurrence_pattern.recurrence_interval"
                value={Number.isNaN(form.recurrence_pattern.recurrence_interval) ? '' : form.recurrence_pattern.recurrence_interval}
                aria-invalid={Boolean(errors['recurrence_pattern.recurrence_interval'])}
                onChange={(event) =>
                  setForm((current) => ({ ...current, recurrence_pattern: { ...current.recurrence_pattern, recurrence_interval: event.target.value === '' ? Number.NaN : Number(event.target.value) } }))
                }
              />
            </label>
          ) : null}
          {frequency !== 'never' ? (
            <label className="inline-field" data-field="recurrence_pattern.recurrence_end_time">
              {t('appointments.fields.recurrence_end_time')}
              <select
                name="recurrence_pattern.recurrence_end_time"
                value={form.recurrence_pattern.recurrence_end_time ?? ''}
                onChange={(event) =>
                  setForm((current) => ({ ...current, recurrence_pattern: { ...current.recurrence_pattern, recurrence_end_time: event.target.value || null } }))
                }
              >
                <option value="">{t('appointments.recurrence.no_end')}</option>
                {form.recurrence_pattern.recurrence_end_time && !endDates.includes(form.recurrence_pattern.recurrence_end_time) ? (
                  <option value={form.recurrence_pattern.recurrence_end_time}>{form.recurrence_pattern.recurrence_end_time}</option>
                ) : null}
                {endDates.map((day) => (
                  <option key={day} value={day}>
                    {day}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
        </div>
        <FieldError errors={errors} field="recurrence_pattern.recurrence_interval" />
      </Fieldset>
      <Fieldset legend={t('appointments.form.online_meeting')}>
        <Check
          name="teams_configuration.teams_sync_enabled"
          checked={teams.teams_sync_enabled}
          disabled={frequency !== 'never'}
          onChange={(enabled) => setForm((current) => chooseTeamsSync(current, enabled))}
          label={t('appointments.fields.teams_sync_enabled')}
        />
        <Check
          name="teams_configuration.online_meeting"
          checked={teams.online_meeting}
          disabled={teams.teams_sync_enabled}
          onChange={(enabled) => setForm((current) => chooseOnlineMeeting(current, enabled))}
          label={t('appointments.fields.online_meeting')}
        />
        <Check
          name="teams_configuration.bypass_lobby"
          checked={teams.bypass_lobby}
          disabled={!(teams.teams_sync_enabled && teams.online_meeting)}
          onChange={(bypass_lobby) => setForm((current) => ({ ...current, teams_configuration: { ...current.teams_configuration, bypass_lobby } }))}
          label={t('appointments.fields.bypass_lobby')}
        />
        <div className="field-row">
          <label className="inline-field inline-field--grow">
            {t('appointments.fields.meeting_link')}
            <input type="url" name="location.link" value={form.location.link} onChange={(event) => setNested('location', { link: event.target.value })} />
          </label>
          <label className="inline-field">
            {t('appointments.fields.meeting_link_type')}
            <select
              name="location.meeting_link_type"
              value={form.location.meeting_link_type}
              onChange={(event) => setNested('location', { meeting_link_type: event.target.value as AppointmentForm['location']['meeting_link_type'] })}
            >
              <option value="">–</option>
              <option value="ms_teams">Microsoft Teams</option>
              <option value="google_meet">Google Meet</option>
              <option value="zoom">Zoom</option>
            </select>
          </label>
        </div>
      </Fieldset>
      <Fieldset legend={t('appointments.rooms.label')}>
        <RoomPicker
          span={roomSpan}
          value={form.meeting.room_id}
          loadRooms={loadRooms}
          error={errors['meeting.room_id'] ?? null}
          onChange={(room) => setForm((current) => ({ ...current, meeting: { ...current.meeting, room_id: room?.id ?? null, room_name: room?.name ?? '' } }))}
        />
      </Fieldset>
      <Fieldset legend={t('appointments.detail.location')}>
        <div className="field-grid">
          {(['name', 'address1', 'address2', 'zip', 'city', 'country'] as const).map((key) => (
            <label key={key} className="inline-field" data-field={`location.${key}`}>
              {t(`appointments.fields.location_${key}`)}
              <input
                name={`location.${key}`}
                value={form.location[key]}
                maxLength={key === 'zip' ? 10 : 255}
                aria-invalid={Boolean(errors[`location.${key}`])}
                onChange={(event) => setNested('location', { [key]: event.target.value })}
              />
              <FieldError errors={errors} field={`location.${key}`} />
            </label>
          ))}
        </div>
      </Fieldset>
      <Fieldset legend={t('appointments.form.attendees')}>
        <label className="inline-field" data-field="attendee_configuration.total">
          {t('appointments.fields.total')}
          <input
            type="number"
            min={0}
            name="attendee_configuration.total"
            value={form.attendee_configuration.total}
            aria-invalid={Boolean(errors['attendee_configuration.total'])}
            onChange={(event) => setNested('attendee_configuration', { total: event.target.value })}
          />
          <FieldError errors={errors} field="attendee_configuration.total" />
        </label>
        {(['total_attendees_enforced', 'user_can_opt', 'show_participants_to_admins_only'] as const).map((key) => (
          <Check
            key={key}
            name={`attendee_configuration.${key}`}
            checked={form.attendee_configuration[key]}
            onChange={(value) => setNested('attendee_configuration', { [key]: value })}
            label={t(`appointments.fields.${key}`)}
          />
        ))}
      </Fieldset>
      <Fieldset legend={t('appointments.form.registration')}>
        <Check
          name="application_configuration.registration_required"
          checked={form.application_configuration.registration_required}
          onChange={(value) => setNested('application_configuration', { registration_required: value })}
          label={t('appointments.fields.registration_required')}
        />
        <Check
          name="application_configuration.registration_with_costs"
          checked={form.application_configuration.registration_with_costs}
          onChange={(value) => setNested('application_configuration', { registration_with_costs: value })}
          label={t('appointments.fields.registration_with_costs')}
        />
        <div className="field-row">
          <label className="inline-field" data-field="application_configuration.costs">
            {t('appointments.fields.costs')}
            <input
              type="number"
              min={0}
              step="0.01"
              name="application_configuration.costs"
              value={form.application_configuration.costs}
              aria-invalid={Boolean(errors['application_configuration.costs'])}
              onChange={(event) => setNested('application_configuration', { costs: event.target.value })}
            />
            <FieldError errors={errors} field="application_configuration.costs" />
          </label>
          <label className="inline-field">
            {t('appointments.fields.currency')}
            <input name="application_configuration.currency" maxLength={3} value={form.application_configuration.currency} onChange={(event) => setNested('application_configuration', { currency: event.target.value.toUpperCase() })} />
          </label>
          <label className="inline-field" data-field="application_configuration.registration_deadline">
            {t('appointments.fields.registration_deadline')}
            <input
              type="date"
              name="application_configuration.registration_deadline"
              value={form.application_configuration.registration_deadline}
              onChange={(event) => setNested('application_configuration', { registration_deadline: event.target.value })}
            />
          </label>
        </div>
        <label className="inline-field inline-field--grow">
          {t('appointments.fields.ticket_url')}
          <input type="url" name="application_configuration.url" value={form.application_configuration.url} onChange={(event) => setNested('application_configuration', { url: event.target.value })} />
        </label>
      </Fieldset>
      <Fieldset legend={t('appointments.detail.details')}>
        <div className="field-row">
          <label className="inline-field" data-field="category">
            {t('appointments.fields.category')}
            <select name="category" value={form.category} aria-invalid={Boolean(errors.category)} onChange={(event) => set({ category: event.target.value })}>
              <option value="">{t('appointments.categories.none')}</option>
              {form.category && !categories.some((category) => category.id === form.category) ? <option value={form.category}>{form.category}</option> : null}
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.custom ? category.label : t(`appointments.categories.${category.id}`, { defaultValue: category.label })}
                </option>
              ))}
            </select>
            <FieldError errors={errors} field="category" />
          </label>
          <label className="inline-field">
            {t('appointments.fields.organizer')}
            <input name="organizer" value={form.organizer} maxLength={255} onChange={(event) => set({ organizer: event.target.value })} />
          </label>
        </div>
        <Check name="is_event" checked={form.is_event} onChange={(is_event) => set({ is_event })} label={t('appointments.fields.is_event')} />
        <MemberPicker label={t('appointments.fields.contacts')} name="contacts" value={form.contacts} onChange={(contacts) => set({ contacts })} />
      </Fieldset>
      <div className="field" data-field="description">
        <label htmlFor="appointment-description">{t('appointments.fields.description')}</label>
        <textarea id="appointment-description" name="description" rows={6} value={form.description} onChange={(event) => set({ description: event.target.value })} />
        <FieldError errors={errors} field="description" />
      </div>
      <div className="form-actions">
        <button type="submit" className="button" disabled={saving} data-testid="save-appointment">
          {t('common.save')}
        </button>
        <Link className="button button--quiet" to={target.id ? `/appointments/${encodeURIComponent(target.id)}` : '/appointments'}>
          {t('common.cancel')}
        </Link>
      </div>
    </form>
  );
};

type Load =
  | { phase: 'loading' }
  | { phase: 'failed'; errorKey: string }
  | { phase: 'choose'; appointment: AppointmentDto; calendars: CalendarDto[] }
  | { phase: 'ready'; form: AppointmentForm; calendars: CalendarDto[]; target: Target };

/** /appointments/new (query date, calendar_id) and /appointments/:id/edit (an occurrence asks: this one or all). */
export const AppointmentFormPage = () => {
  const { t } = useTranslation();
  const { api } = useSession();
  const { id } = useParams();
  const [params] = useSearchParams();
  const [load, setLoad] = useState<Load>({ phase: 'loading' });
  usePageTitle(id ? 'appointments.form.edit_title' : 'appointments.form.new_title');
  const day = params.get('date');
  const calendarId = params.get('calendar_id');

  useEffect(() => {
    let current = true;
    const calendarsCall = calendarsApi(api).list().then((response) => response.calendars).catch(() => [] as CalendarDto[]);
    if (!id) {
      void calendarsCall.then((calendars) => {
        if (current) setLoad({ phase: 'ready', form: newAppointmentForm(new Date(), viewerTimeZone(), { day, calendarId }), calendars, target: { id: null, applyTo: null } });
      });
    } else {
      Promise.all([appointmentsApi(api).get(id), calendarsCall])
        .then(([appointment, calendars]) => {
          if (!current) return;
          if (appointment.recurring_appointment_id) setLoad({ phase: 'choose', appointment, calendars });
          else setLoad({ phase: 'ready', form: formOfAppointment(appointment), calendars, target: { id: appointment.id, applyTo: null } });
        })
        .catch((error: unknown) => {
          if (current) setLoad({ phase: 'failed', errorKey: errorKeyOf(error) });
        });
    }
    return () => {
      current = false;
    };
  }, [api, id, day, calendarId]);

  const chooseSeries = (appointment: AppointmentDto, calendars: CalendarDto[]) => {
    const seriesId = appointment.recurring_appointment_id;
    if (!seriesId) return;
    setLoad({ phase: 'loading' });
    appointmentsApi(api)
      .get(seriesId)
      .then((series) => setLoad({ phase: 'ready', form: formOfAppointment(series), calendars, target: { id: series.id, applyTo: 'all' } }))
      .catch((error: unknown) => setLoad({ phase: 'failed', errorKey: errorKeyOf(error) }));
  };

  return (
    <section className="page" data-testid={id ? 'appointment-edit' : 'appointment-new'}>
      <h1 className="page__title">{t(id ? 'appointments.form.edit_title' : 'appointments.form.new_title')}</h1>
      {load.phase === 'loading' ? (
        <p className="muted" role="status">
          {t('common.loading')}
        </p>
      ) : null}
      {load.phase === 'failed' ? (
        <div className="alert alert--error" role="alert">
          {t(`errors.${load.errorKey}`)}
        </div>
      ) : null}
      {load.phase === 'choose' ? (
        <div className="apply-to-choice" data-testid="apply-to-choice">
          <p>{t('appointments.form.apply_to_question')}</p>
          <button
            type="button"
            className="button"
            data-testid="apply-to-this"
            onClick={() => setLoad({ phase: 'ready', form: formOfAppointment(load.appointment), calendars: load.calendars, target: { id: load.appointment.id, applyTo: 'this' } })}
          >
            {t('appointments.form.apply_to.this')}
          </button>
          <button type="button" className="button button--secondary" data-testid="apply-to-all" onClick={() => chooseSeries(load.appointment, load.calendars)}>
            {t('appointments.form.apply_to.all')}
          </button>
        </div>
      ) : null}
      {load.phase === 'ready' ? <Form initial={load.form} calendars={load.calendars} target={load.target} /> : null}
    </section>
  );
};
