import { abuseReportAbilities, type AbuseReportRequest, type CreatedAccepted } from '@cn/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ApiError, errorKeyOf } from '../api/client';
import { useCommand } from '../api/useCommand';
import { usePageTitle } from '../common/usePageTitle';
import { refusalMessageKey } from '../i18n/refusal-message';
import { useSession } from '../session/SessionContext';

/**
 * /report/new: a signed-in member reports a page of the network (its address, prefilled from `?url=`)
 * with a reason; the network's administrators see it in their notifications. Only while the network
 * enables abuse reports (the same rule the server refuses by).
 */
export const AbuseReportPage = () => {
  const { t, i18n } = useTranslation();
  const { api, state } = useSession();
  const [params] = useSearchParams();
  usePageTitle('abuse_reports.title');
  const [url, setUrl] = useState(params.get('url') ?? '');
  const [reason, setReason] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ ok: boolean; key: string } | null>(null);
  const send = useCommand((request: AbuseReportRequest) => api.request<CreatedAccepted>('POST', '/report', { body: request }), []);
  const network = state.phase === 'ready' ? state.network : null;
  const can = abuseReportAbilities({ abuse_reports_enabled: network?.abuse_reports_enabled ?? false }, state.phase === 'ready' && state.member !== null);
  if (!can.create) {
    return (
      <section className="page" data-testid="abuse-report-page">
        <h1 className="page__title">{t('abuse_reports.title')}</h1>
        <p role="alert">{t('abuse_reports.disabled')}</p>
      </section>
    );
  }
  return (
    <section className="page" data-testid="abuse-report-page">
      <h1 className="page__title">{t('abuse_reports.title')}</h1>
      <p className="muted">{t('abuse_reports.intro')}</p>
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          setFieldErrors({});
          send.mutate(
            { url, reason },
            {
              onSuccess: () => {
                setNotice({ ok: true, key: 'abuse_reports.sent' });
                setReason('');
              },
              onError: (error) => {
                if (error instanceof ApiError) setFieldErrors(Object.fromEntries(error.body.errors.map((entry) => [entry.field, entry.key])));
                setNotice({ ok: false, key: refusalMessageKey(i18n, errorKeyOf(error), ['abuse_reports.errors']) });
              },
            },
          );
        }}
      >
        <label className="field">
          <span>{t('abuse_reports.url')}</span>
          <input type="text" value={url} onChange={(event) => setUrl(event.target.value)} data-testid="abuse-report-url" aria-invalid={fieldErrors.url ? 'true' : undefined} />
          {fieldErrors.url ? <span className="field__error">{t(refusalMessageKey(i18n, fieldErrors.url, ['abuse_reports.errors']))}</span> : null}
        </label>
        <label className="field">
          <span>{t('abuse_reports.reason')}</span>
          <textarea value={reason} onChange={(event) => setReason(event.target.value)} rows={5} data-testid="abuse-report-reason" aria-invalid={fieldErrors.reason ? 'true' : undefined} />
          {fieldErrors.reason ? <span className="field__error">{t(refusalMessageKey(i18n, fieldErrors.reason, ['abuse_reports.errors']))}</span> : null}
        </label>
        {notice ? (
          <p role={notice.ok ? 'status' : 'alert'} data-testid="abuse-report-notice">
            {t(notice.key)}
          </p>
        ) : null}
        <div className="form-actions">
          <button type="submit" className="button" disabled={send.isPending} data-testid="abuse-report-send">
            {t('abuse_reports.send')}
          </button>
        </div>
      </form>
    </section>
  );
};
