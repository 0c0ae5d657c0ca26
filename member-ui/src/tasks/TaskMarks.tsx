import type { TaskMarkDto } from '@cn/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { useErrorText } from '../apps/FieldInput';
import { appsKeys, useTaskCommand } from '../apps/apps-queries';

/**
 * The member's own marks on a task: the star, decline (or take back) and a personal note. The buttons are
 * offered as the server's `can` says; a note that lost a race with the member's other console keeps the
 * text and tells them (the task was read again: saving once more writes on the new revision).
 */
export const TaskMarks = ({ appId, itemId, mark, withNote }: { appId: string; itemId: string; mark: TaskMarkDto; withNote: boolean }) => {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const star = useTaskCommand(appId, (api, starred: boolean) => api.star(itemId, starred));
  const decline = useTaskCommand(appId, (api, declined: boolean) => api.decline(itemId, declined));
  const note = useTaskCommand(appId, (api, text: string) => api.note(itemId, text, mark.revision));
  const client = useQueryClient();
  const [draft, setDraft] = useState(mark.note);
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    if (!editing) setDraft(mark.note);
  }, [mark.note, editing]);
  const failed = star.error ?? decline.error ?? note.error;
  const failure = failed instanceof ApiError ? errorText(failed.body.errors[0]?.key ?? failed.body.error) : failed ? t('apps.errors.invalid') : null;
  return (
    <div className="tasks-marks" data-testid={`marks-${itemId}`}>
      {mark.can.star && (
        <button
          type="button"
          className={`button button--small tasks-star${mark.starred ? ' tasks-star--on' : ''}`}
          aria-pressed={mark.starred}
          aria-label={t(mark.starred ? 'apps.tasks.unstar' : 'apps.tasks.star')}
          disabled={star.isPending}
          onClick={() => star.mutate(!mark.starred)}
        >
          {mark.starred ? '★' : '☆'}
        </button>
      )}
      {mark.can.decline && (
        <button type="button" className="button button--small" disabled={decline.isPending} onClick={() => decline.mutate(true)}>
          {t('apps.tasks.decline')}
        </button>
      )}
      {mark.can.withdraw_decline && (
        <button type="button" className="button button--small" disabled={decline.isPending} onClick={() => decline.mutate(false)}>
          {t('apps.tasks.withdraw_decline')}
        </button>
      )}
      {withNote && mark.can.note && (
        <form
          className="tasks-note"
          onSubmit={(event) => {
            event.preventDefault();
            note.mutate(draft, {
              onSuccess: () => setEditing(false),
              // a note saved meanwhile elsewhere: read the task again, keep the member's text for the next save
              onError: (error) => {
                if (error instanceof ApiError && error.status === 409) {
                  void client.invalidateQueries({ queryKey: appsKeys.app(appId) });
                  void client.invalidateQueries({ queryKey: appsKeys.tasks() });
                }
              },
            });
          }}
        >
          <label htmlFor={`note-${itemId}`}>{t('apps.tasks.note')}</label>
          <textarea
            id={`note-${itemId}`}
            rows={2}
            maxLength={2000}
            value={draft}
            placeholder={t('apps.tasks.note_placeholder')}
            onChange={(event) => {
              setEditing(true);
              setDraft(event.target.value);
            }}
          />
          <button type="submit" className="button button--small" disabled={note.isPending || draft === mark.note}>
            {t('apps.tasks.save_note')}
          </button>
        </form>
      )}
      {!withNote && mark.note !== '' && <p className="muted tasks-note__text">{mark.note}</p>}
      {failure && (
        <p className="field__error" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
};
