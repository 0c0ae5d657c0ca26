import { CALENDAR_PALETTE, randomCalendarColor, type CalendarType } from '@cn/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ApiError, errorKeyOf } from '../api/client';
import { usePageTitle } from '../common/usePageTitle';
import { useSession } from '../session/SessionContext';
import { useToasts } from '../toasts/Toasts';
import { calendarsApi } from './calendars-api';
import './calendars.css';

const typeOf = (value: string | null): CalendarType => (value === 'network' || value === 'group' ? value : 'personal');

/** /calendars/new?type&parent_id and /calendars/:id/edit: name and colour. */
export const CalendarFormPage = () => {
  const { t } = useTranslation();
  const { api } = useSession();
  const toasts = useToasts();
  const navigate = useNavigate();
  const { id } = useParams();
  const [params] = useSearchParams();
  const type = typeOf(params.get('type'));
  const parentId = params.get('parent_id');
  const [name, setName] = useState('');
  const [color, setColor] = useState(() => randomCalendarColor(Math.random()));
  const [error, setError] = useState<string | null>(null);
  const [phase, setPhase] = useState<'loading' | 'ready' | 'saving' | 'failed'>(id ? 'loading' : 'ready');
  usePageTitle(id ? 'calendars.edit_title' : 'calendars.new_title');

  useEffect(() => {
    if (!id) return undefined;
    let current = true;
    calendarsApi(api)
      .get(id)
      .then((calendar) => {
        if (!current) return;
        setName(calendar.name);
        setColor(calendar.color);
        setPhase('ready');
      })
      .catch(() => {
        if (current) setPhase('failed');
      });
    return () => {
      current = false;
    };
  }, [api, id]);

  const save = async () => {
    if (!name.trim()) {
      setError('required');
      return;
    }
    setError(null);
    setPhase('saving');
    const calls = calendarsApi(api);
    try {
      const calendar = { name: name.trim(), color };
      if (id) await calls.update(id, { calendar });
      else await calls.create({ type, parent_id: parentId, calendar: { ...calendar, type } });
      toasts.show('success', 'calendars.saving_successful');
      void navigate('/calendars/manage');
    } catch (caught) {
      const nameError = caught instanceof ApiError ? caught.body.errors.find((entry) => entry.field.endsWith('name')) : undefined;
      if (nameError) setError(nameError.key);
      toasts.show('error', errorKeyOf(caught) === 'forbidden' ? 'errors.forbidden' : 'errors.saving_failure');
      setPhase('ready');
    }
  };

  return (
    <section className="page" data-testid={id ? 'calendar-edit' : 'calendar-new'}>
      <h1 className="page__title">{t(id ? 'calendars.edit_title' : 'calendars.new_title')}</h1>
      {phase === 'loading' ? <p className="muted">{t('common.loading')}</p> : null}
      {phase === 'failed' ? <div className="alert alert--error">{t('errors.not_found')}</div> : null}
      {phase === 'ready' || phase === 'saving' ? (
        <form
          className="calendar-form"
          data-testid="calendar-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          {id ? null : <p className="muted">{t(`calendars.types.${type}`)}</p>}
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
            <button type="submit" className="button" disabled={phase === 'saving'} data-testid="save-calendar">
              {t('common.save')}
            </button>
            <Link to="/calendars/manage" className="button button--quiet">
              {t('common.cancel')}
            </Link>
          </div>
        </form>
      ) : null}
    </section>
  );
};
