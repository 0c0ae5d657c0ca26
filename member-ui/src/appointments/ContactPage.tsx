import { CONTACT_AUDIENCES, type AppointmentDto, type ContactAudience } from '@cn/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '../api/client';
import { usePageTitle } from '../common/usePageTitle';
import { useSignedIn } from '../session/SessionContext';
import { useToasts } from '../toasts/Toasts';
import { useAppointment, useContactAttendees } from './appointments-queries';
import './appointments.css';

/** The email attachment size limit the server announces (`network.email_attachment_size_limit_mb`), in bytes. */
export const attachmentLimitBytes = (limitMb: number): number => limitMb * 1024 * 1024;

/** Total size of the appointment's files, when the read side tells their sizes. */
export const attachmentsSize = (files: AppointmentDto['event_files']): number =>
  files.reduce((sum, file) => sum + ((file as { size?: number }).size ?? 0), 0);

const ContactForm = ({ appointment }: { appointment: AppointmentDto }) => {
  const { t } = useTranslation();
  const contactAttendees = useContactAttendees(appointment.id);
  const limitMb = useSignedIn().network.email_attachment_size_limit_mb;
  const toasts = useToasts();
  const navigate = useNavigate();
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [audience, setAudience] = useState<ContactAudience>('all');
  const [includeAttachments, setIncludeAttachments] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const tooLarge = attachmentsSize(appointment.event_files) > attachmentLimitBytes(limitMb);
  const hasFiles = appointment.event_files.length > 0;
  const detailPath = `/appointments/${encodeURIComponent(appointment.id)}`;

  const submit = async () => {
    const found: Record<string, string> = {};
    if (!subject.trim()) found.subject = 'required';
    if (!text.trim()) found.text = 'required';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await contactAttendees.mutateAsync({
        contact: { subject: subject.trim(), text: text.trim(), audience, include_attachments: includeAttachments && !tooLarge },
      });
      toasts.show('success', 'appointments.contact.sent');
      void navigate(detailPath);
    } catch (error) {
      if (error instanceof ApiError) {
        const fromServer: Record<string, string> = {};
        for (const fieldError of error.body.errors) fromServer[fieldError.field.replace(/^contact\./, '')] = fieldError.key;
        setErrors(fromServer);
      }
      toasts.show('error', 'errors.generic_error');
    }
  };

  return (
    <form
      className="contact-form"
      data-testid="contact-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="field">
        <label htmlFor="contact-subject">{t('appointments.contact.subject')}</label>
        <input id="contact-subject" name="subject" value={subject} maxLength={255} aria-invalid={Boolean(errors.subject)} onChange={(event) => setSubject(event.target.value)} />
        {errors.subject ? <p className="field__error">{t(`errors.${errors.subject}`)}</p> : null}
      </div>
      <div className="field">
        <label htmlFor="contact-text">{t('appointments.contact.text')}</label>
        <textarea id="contact-text" name="text" rows={8} value={text} aria-invalid={Boolean(errors.text)} onChange={(event) => setText(event.target.value)} />
        {errors.text ? <p className="field__error">{t(`errors.${errors.text}`)}</p> : null}
      </div>
      <fieldset className="form-section">
        <legend>{t('appointments.contact.audience')}</legend>
        {CONTACT_AUDIENCES.map((value) => (
          <label key={value} className="check">
            <input type="radio" name="audience" value={value} checked={audience === value} onChange={() => setAudience(value)} />
            {t(`appointments.contact.audiences.${value}`)}
          </label>
        ))}
      </fieldset>
      {hasFiles ? (
        <div className="field">
          <label className="check">
            <input
              type="checkbox"
              name="include_attachments"
              checked={includeAttachments && !tooLarge}
              disabled={tooLarge}
              onChange={(event) => setIncludeAttachments(event.target.checked)}
            />
            {t('appointments.contact.include_attachments')}
          </label>
          {tooLarge ? (
            <p className="muted" data-testid="attachments-too-large">
              {t('appointments.contact.too_large', { size: limitMb })}
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button" disabled={contactAttendees.isPending || contactAttendees.isSuccess} data-testid="send-contact">
          {t('appointments.contact.send')}
        </button>
        <Link className="button button--quiet" to={detailPath}>
          {t('common.cancel')}
        </Link>
      </div>
    </form>
  );
};

/** /appointments/:id/contact: write to the attendees. */
export const ContactPage = () => {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { load } = useAppointment(id);
  usePageTitle('appointments.contact.title');
  return (
    <section className="page" data-testid="appointment-contact">
      <h1 className="page__title">{t('appointments.contact.title')}</h1>
      {load.phase === 'loading' ? <p className="muted">{t('common.loading')}</p> : null}
      {load.phase === 'failed' ? <div className="alert alert--error">{t(`errors.${load.errorKey}`)}</div> : null}
      {load.phase === 'loaded' ? (
        <>
          <p className="muted">{load.appointment.name}</p>
          <ContactForm appointment={load.appointment} />
        </>
      ) : null}
    </section>
  );
};
