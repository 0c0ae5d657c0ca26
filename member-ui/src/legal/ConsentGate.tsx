import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKeyOf } from '../api/client';
import { RichText } from '../channels/RichText';
import { useSession } from '../session/SessionContext';
import { useAcceptLegalText, usePendingConsents } from './legal-queries';
import './legal.css';

/**
 * While a legal text version that asks for consent is not accepted, the console shows it instead of the
 * page (one text at a time). The API refuses nothing meanwhile: the gate is the shell's. A version
 * published while the console is open arrives over the realtime channel (legalLive).
 */
export const ConsentGate = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation();
  const { state } = useSession();
  const memberId = state.phase === 'ready' ? (state.member?.id ?? null) : null;
  const pending = usePendingConsents(memberId);
  const accept = useAcceptLegalText();
  const [failure, setFailure] = useState<string | null>(null);
  const next = pending.data?.pending[0];
  if (!next) return <>{children}</>;
  return (
    <div className="consent-gate" role="dialog" aria-modal="true" aria-labelledby="consent-title" data-testid="consent-gate">
      <div className="consent-gate__card">
        <h1 id="consent-title" className="page__title">{next.name}</h1>
        <p>{next.statement || t('legal.consent.intro')}</p>
        <div className="consent-gate__text">
          <RichText html={next.html_text} testId="consent-text" />
        </div>
        {failure ? <p role="alert">{t(`errors.${failure}`)}</p> : null}
        <button
          type="button"
          className="button"
          disabled={accept.isPending}
          onClick={() => {
            setFailure(null);
            accept.mutate({ id: next.legal_text_id, version: next.version }, { onError: (error) => setFailure(errorKeyOf(error)) });
          }}
        >
          {t('legal.consent.accept')}
        </button>
      </div>
    </div>
  );
};
