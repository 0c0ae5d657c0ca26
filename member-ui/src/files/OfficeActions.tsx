import { useTranslation } from 'react-i18next';
import type { DocumentAction } from '@cn/contracts';

const LABELS = { view: 'files.actions.office_view', edit: 'files.actions.office_edit', review: 'files.actions.office_review' } as const;

/**
 * The office suite's actions (WOPI) the member may perform, each a form posted to the suite in a new tab:
 * the suite takes the access token only in a form's body (never in a link, where it would be logged).
 * Only authorized actions show; the server never authorizes edit and review together.
 */
export const OfficeActions = ({ actions }: { actions: readonly DocumentAction[] }) => {
  const { t } = useTranslation();
  return (
    <>
      {actions
        .filter((entry) => entry.authorized && entry.url && entry.access_token)
        .map((entry) => (
          <form key={entry.action} method="post" action={entry.url} target="_blank" rel="noreferrer" className="inline-form" data-testid={`office-action-${entry.action}`}>
            <input type="hidden" name="access_token" value={entry.access_token} />
            <input type="hidden" name="access_token_ttl" value={String(entry.access_token_ttl ?? 0)} />
            <button type="submit" className="button button--quiet">
              {t(LABELS[entry.action], { app: entry.app })}
            </button>
          </form>
        ))}
    </>
  );
};
