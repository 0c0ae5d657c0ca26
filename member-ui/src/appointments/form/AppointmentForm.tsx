import type { CalendarDto } from '@cn/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { useToasts } from '../../toasts/Toasts';
import { appointmentRequestOf, firstErrorField, serverFieldErrors, validateAppointmentForm, type AppointmentForm as Form, type FormErrors } from '../appointment-form';
import { useAppointmentCategories, useLoadReservableRooms, useSaveAppointment } from '../appointments-queries';
import { MemberPicker, type PickedMember } from '../MemberPicker';
import { DetailsSection } from './DetailsSection';
import { Fieldset, type FormChange } from './form-parts';
import { NameAndCalendars } from './NameAndCalendars';
import { OnlineMeetingSection } from './OnlineMeetingSection';
import { ParticipationSection } from './ParticipationSection';
import { RepeatSection } from './RepeatSection';
import { WhenSection } from './WhenSection';
import { WhereSection } from './WhereSection';

/** What the form saves: a new appointment (`id` null), or an appointment, occurrence or series (`applyTo` tells which). */
export type FormTarget = { id: string | null; applyTo: 'this' | 'all' | null };

/** The appointment form: its sections, the console's checks, and saving (the server's field errors shown where they belong). */
export const AppointmentForm = ({ initial, calendars, target }: { initial: Form; calendars: CalendarDto[]; target: FormTarget }) => {
  const { t } = useTranslation();
  const toasts = useToasts();
  const navigate = useNavigate();
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  /** members to invite, chosen while creating (an existing appointment's participants have their own page) */
  const [invitees, setInvitees] = useState<PickedMember[]>([]);
  const categories = useAppointmentCategories();
  const loadRooms = useLoadReservableRooms(target.id);
  const save = useSaveAppointment();
  /**
   * Errors clear as the member fixes them: once shown, the console's own checks run again on every change
   * (an error goes as soon as its field is right); the server's errors go with the next change.
   */
  const [checking, setChecking] = useState(false);
  const onChange = (change: FormChange) =>
    setForm((current) => {
      const next = change(current);
      if (checking) setErrors(validateAppointmentForm(next));
      return next;
    });
  const sectionProps = { form, errors, onChange };

  const showErrors = (next: FormErrors) => {
    setErrors(next);
    setChecking(true);
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
    try {
      const saved = await save.mutateAsync({ id: target.id, request: appointmentRequestOf(form), invite: invitees.map((member) => member.id) });
      void navigate(`/appointments/${encodeURIComponent(saved.id)}`);
      toasts.show('success', 'appointments.form.saved');
    } catch (error) {
      if (error instanceof ApiError && error.body.errors.length > 0) showErrors(serverFieldErrors(error.body));
      toasts.show('error', 'errors.generic_error');
    }
  };

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
      <NameAndCalendars {...sectionProps} calendars={calendars} />
      <WhenSection {...sectionProps} />
      <RepeatSection {...sectionProps} />
      <OnlineMeetingSection form={form} onChange={onChange} />
      <WhereSection {...sectionProps} loadRooms={loadRooms} />
      <ParticipationSection {...sectionProps} />
      {target.id === null ? (
        <Fieldset legend={t('appointments.form.invite')}>
          <MemberPicker label={t('appointments.participants.members')} name="invite_member_ids" value={invitees} onChange={setInvitees} />
        </Fieldset>
      ) : null}
      <DetailsSection {...sectionProps} categories={categories} />
      <div className="form-actions">
        <button type="submit" className="button" disabled={save.isPending || save.isSuccess} data-testid="save-appointment">
          {t('common.save')}
        </button>
        <Link className="button button--quiet" to={target.id ? `/appointments/${encodeURIComponent(target.id)}` : '/appointments'}>
          {t('common.cancel')}
        </Link>
      </div>
    </form>
  );
};
