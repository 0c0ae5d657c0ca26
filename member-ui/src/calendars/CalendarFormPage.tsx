import { CALENDAR_PALETTE, randomCalendarColor, type CalendarType } from '@cn/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ApiError, errorKeyOf } from '../api/client';
import { usePageTitle } from '../common/usePageTitle';
import { useToasts } from '../toasts/Toasts';
import { useCalendar, useSaveCalendar } from './calendars-queries';
import './calendars.css';

const typeOf = (value: string | null): CalendarType => (value === 'network' || value === 'group' ? value : 'personal');

type Target = { id: string } | { id: null; type: CalendarType; parentId: string | null };

/** Name and colour of a new calendar (`target.id` null) or of one being edited. */
const CalendarForm = ({ target, initial }: { target: Target; initial: { name: string; color: string } }) => {
  const { t } = useTranslation();
  const toasts = useToasts();
  const navigate = useNavigate();
  const saveCalendar = useSaveCalendar();
  const [name, setName] = useState(initial.name);
  const [color, setColor] = useState(initial.color);
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    if (!name.trim()) {
      setError('required');
      return;
    }
    setError(null);
    try {
      const calendar = { name: name.trim(), color };
      await saveCalendar.mutateAsync(
        target.id === null ? { id: null, request: { type: target.type, parent_id: target.parentId, calendar: { ...calendar, type: target.type } } } : { id: target.id, request: { calendar } },
      );
      toasts.show('success', 'calendars.saving_successful');
      void navigate('/calendars/manage');
    } catch (caught) {
      const nameError = caught instanceof ApiError ? caught.body.errors.find((entry) => entry.field.endsWith('name')) : undefined;
      if (nameError) setError(nameError.key);
      toasts.show('error', errorKeyOf(caught) === 'forbidden' ? 'errors.forbidden' : 'errors.saving_failure');
    }
  };

  return (
    <form
      className="calendar-form"
      data-testid="calendar-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {target.id === null ? <p className="muted">{t(`calendars.types.${target.type}`)}</p> : null}
      <div className="field">
        <label htmlFor="calendar-name">{t('calendars.name')}</label>
        <input id="calendar-name" name="name" value={name} maxLength={100} aria-invalid={Boolean(error)} onChange={(event) => setName(event.target.value)} />
        {error ? <p className="field__error">{t(`errors.${error}`)}</p> : null}
      </div>
      <fieldset className="field palette" data-testid="calendar-palette">
        <legend className="field-label">{t('calendars.color')}</legend>
        {CALENDAR_PALETTE.map((value) => (
          <label key={value} className="palette__swatch" style={{ backgroundColor: `#${value}` }} title={`#${value}`}>
            <input type="radio" name="color" value={value} checked={color === value} onChange={() => setColor(value)} />
            <span className="visually-hidden">#{value}</span>
          </label>
        ))}
      </fieldset>
      <div className="form-actions">
        <button type="submit" className="button" disabled={saveCalendar.isPending} data-testid="save-calendar">
          {t('common.save')}
        </button>
        <Link to="/calendars/manage" className="button button--quiet">
          {t('common.cancel')}
        </Link>
      </div>
    </form>
  );
};

/** /calendars/new?type&parent_id and /calendars/:id/edit: name and colour. */
export const CalendarFormPage = () => {
  const { t } = useTranslation();
  const { id } = useParams();
  const [params] = useSearchParams();
  const calendar = useCalendar(id);
  const [randomColor] = useState(() => randomCalendarColor(Math.random()));
  usePageTitle(id ? 'calendars.edit_title' : 'calendars.new_title');

  return (
    <section className="page" data-testid={id ? 'calendar-edit' : 'calendar-new'}>
      <h1 className="page__title">{t(id ? 'calendars.edit_title' : 'calendars.new_title')}</h1>
      {id && calendar.isPending ? <p className="muted">{t('common.loading')}</p> : null}
      {id && calendar.isError ? <div className="alert alert--error">{t('errors.not_found')}</div> : null}
      {!id ? (
        <CalendarForm target={{ id: null, type: typeOf(params.get('type')), parentId: params.get('parent_id') }} initial={{ name: '', color: randomColor }} />
      ) : calendar.isSuccess ? (
        <CalendarForm key={id} target={{ id }} initial={{ name: calendar.data.name, color: calendar.data.color }} />
      ) : null}
    </section>
  );
};
