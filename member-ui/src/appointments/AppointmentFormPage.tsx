import type { CalendarDto } from '@cn/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { errorKeyOf } from '../api/client';
import { useCalendars } from '../calendars/calendars-queries';
import { usePageTitle } from '../common/usePageTitle';
import { useSession } from '../session/SessionContext';
import { formOfAppointment, newAppointmentForm } from './appointment-form';
import { appointmentQuery } from './appointments-queries';
import { AppointmentForm, type FormTarget } from './form/AppointmentForm';
import { viewerTimeZone } from './zoned-time';
import './appointments.css';

/** Loads what the form edits: the appointment, or the series once the member chose it. */
const useEditedAppointment = (id: string | undefined, seriesChosen: boolean) => {
  const { api } = useSession();
  const appointment = useQuery(appointmentQuery(api, id));
  const seriesId = seriesChosen ? appointment.data?.recurring_appointment_id : null;
  const series = useQuery(appointmentQuery(api, seriesId));
  return seriesId ? series : appointment;
};

/** /appointments/new (query date, calendar_id) and /appointments/:id/edit (an occurrence asks: this one or all). */
export const AppointmentFormPage = () => {
  const { t } = useTranslation();
  const { id } = useParams();
  const [params] = useSearchParams();
  const [applyTo, setApplyTo] = useState<'this' | 'all' | null>(null);
  usePageTitle(id ? 'appointments.form.edit_title' : 'appointments.form.new_title');
  const day = params.get('date');
  const calendarId = params.get('calendar_id');
  // the form works without the calendar list: it then offers none to pick
  const calendarsQuery = useCalendars();
  const calendars: CalendarDto[] | null = calendarsQuery.isPending ? null : (calendarsQuery.data ?? []);
  const edited = useEditedAppointment(id, applyTo === 'all');
  const newForm = useMemo(() => newAppointmentForm(new Date(), viewerTimeZone(), { day, calendarId }), [day, calendarId]);

  const loading = calendars === null || (id ? edited.isPending || (edited.isError && edited.isFetching) : false);
  // an occurrence asks first whether the change is for it alone or for the whole series
  const asking = Boolean(id && applyTo === null && edited.data?.recurring_appointment_id);
  const editing = id && edited.isSuccess && !asking ? { appointment: edited.data, target: { id: edited.data.id, applyTo } satisfies FormTarget } : null;

  return (
    <section className="page" data-testid={id ? 'appointment-edit' : 'appointment-new'}>
      <h1 className="page__title">{t(id ? 'appointments.form.edit_title' : 'appointments.form.new_title')}</h1>
      {loading ? (
        <p className="muted" role="status">
          {t('common.loading')}
        </p>
      ) : null}
      {!loading && id && edited.isError ? (
        <div className="alert alert--error" role="alert">
          {t(`errors.${errorKeyOf(edited.error)}`)}
        </div>
      ) : null}
      {!loading && asking ? (
        <div className="apply-to-choice" data-testid="apply-to-choice">
          <p>{t('appointments.form.apply_to_question')}</p>
          <button type="button" className="button" data-testid="apply-to-this" onClick={() => setApplyTo('this')}>
            {t('appointments.form.apply_to.this')}
          </button>
          <button type="button" className="button button--secondary" data-testid="apply-to-all" onClick={() => setApplyTo('all')}>
            {t('appointments.form.apply_to.all')}
          </button>
        </div>
      ) : null}
      {!loading && calendars && !id ? <AppointmentForm initial={newForm} calendars={calendars} target={{ id: null, applyTo: null }} /> : null}
      {!loading && calendars && editing ? (
        <AppointmentForm key={editing.appointment.id} initial={formOfAppointment(editing.appointment)} calendars={calendars} target={editing.target} />
      ) : null}
    </section>
  );
};
