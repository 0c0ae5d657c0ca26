import type { FactorDto, NewFactorResponse, RemovedFactorDto, TwoFactorType } from '@cn/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKeyOf } from '../api/client';
import { usePageTitle } from '../common/usePageTitle';
import { useSession } from '../session/SessionContext';
import { CodeForm } from './CodeForm';
import { downloadBackupCodes, FACTORS_QUERY_KEY, twoFactorApi } from './two-factor-api';

type View =
  | { kind: 'index' }
  | { kind: 'add'; prepared: NewFactorResponse }
  | { kind: 'delete'; factor: FactorDto }
  | { kind: 'reset'; factor: FactorDto }
  | { kind: 'codes'; codes: string[] };

const QrCode = ({ uri }: { uri: string }) => {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(uri, { margin: 1, width: 200 }).then((url) => live && setSrc(url));
    return () => {
      live = false;
    };
  }, [uri]);
  return src ? <img src={src} width={200} height={200} alt={t('two_factor.qr_alt')} data-testid="two-factor-qr" /> : null;
};

/**
 * The factors that were deleted or reset: which, when, and whether the member or an administrator did it
 * (the administrator's name is the administration's to see). A reset the member did not do themselves,
 * with no factor left, says so at the top of the list.
 */
const RemovedFactors = ({ removed, hasFactors }: { removed: readonly RemovedFactorDto[]; hasFactors: boolean }) => {
  const { t } = useTranslation();
  if (removed.length === 0) return null;
  const resetByAdministrator = !hasFactors && removed[0]?.removed_by === 'administrator';
  return (
    <section data-testid="two-factor-removed">
      <h2>{t('two_factor.removed_title')}</h2>
      {resetByAdministrator ? (
        <div className="alert" role="note" data-testid="two-factor-reset-hint">
          {t('two_factor.removed_hint')}
        </div>
      ) : null}
      <ul className="list">
        {removed.map((factor) => (
          <li key={`${factor.id}:${factor.removed_at}`} data-testid={`removed-factor-${factor.type}`}>
            {t(factor.removed_by === 'administrator' ? 'two_factor.removed_by_administrator' : 'two_factor.removed_by_member', {
              type: t(`two_factor.types.${factor.type}`),
              date: new Date(factor.removed_at).toLocaleString(),
            })}
          </li>
        ))}
      </ul>
    </section>
  );
};

/** /two_factor: the member's second factors; add an authenticator app or mail codes, delete one, new backup codes. */
export const TwoFactorPage = () => {
  const { t } = useTranslation();
  usePageTitle('two_factor.title');
  const { api, setTwoFactorSetupRequired } = useSession();
  const calls = twoFactorApi(api);
  const client = useQueryClient();
  const factors = useQuery({ queryKey: FACTORS_QUERY_KEY, queryFn: () => calls.factors() });
  const [view, setView] = useState<View>({ kind: 'index' });
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = () => client.invalidateQueries({ queryKey: FACTORS_QUERY_KEY });

  const start = async (type: TwoFactorType) => {
    setError(null);
    try {
      const prepared = await calls.prepare(type);
      if (type === 'email' && prepared.secret_key) await calls.mailCode(prepared.secret_key, prepared.setup_token);
      setView({ kind: 'add', prepared });
    } catch (failure) {
      setError(errorKeyOf(failure) === 'validation_failed' ? 'unknown_type' : errorKeyOf(failure));
    }
  };

  const data = factors.data;
  // the session keeps the member here while the server says a factor is still to be set up
  const setupRequired = data?.setup_required;
  useEffect(() => {
    if (setupRequired !== undefined) setTwoFactorSetupRequired(setupRequired);
  }, [setupRequired, setTwoFactorSetupRequired]);
  const has = (type: TwoFactorType) => data?.factors.some((factor) => factor.type === type) ?? false;

  return (
    <section className="page" data-testid="two-factor-page">
      <h1 className="page__title">{t('two_factor.title')}</h1>
      {notice ? (
        <div className="alert alert--success" role="status">
          {t(notice)}
        </div>
      ) : null}
      {error ? (
        <div className="alert alert--error" role="alert">
          {t(`errors.${error}`, { defaultValue: t('errors.generic_error') })}
        </div>
      ) : null}
      {factors.isError ? <p role="alert">{t('errors.generic_error')}</p> : null}
      {view.kind === 'index' && data ? (
        <>
          {data.two_factor === 'disabled' ? <p>{t('two_factor.disabled')}</p> : null}
          {data.setup_required ? (
            <div className="alert alert--error" role="alert" data-testid="two-factor-enforced">
              {t('two_factor.enforced')}
            </div>
          ) : null}
          <ul className="list" data-testid="two-factor-factors">
            {data.factors.length === 0 ? <li>{t('two_factor.none')}</li> : null}
            {data.factors.map((factor) => (
              <li key={factor.id ?? factor.type} data-testid={`factor-${factor.type}`}>
                <strong>{t(`two_factor.types.${factor.type}`)}</strong>{' '}
                {factor.deactivated ? (
                  <span className="badge" data-testid="factor-deactivated">
                    {t('two_factor.deactivated')}
                  </span>
                ) : null}{' '}
                {factor.last_used_at ? t('two_factor.last_used', { date: new Date(factor.last_used_at).toLocaleString() }) : t('two_factor.never_used')}{' '}
                {factor.deactivated ? null : (
                  <button type="button" className="button button--secondary" onClick={() => setView({ kind: 'reset', factor })} data-testid="reset-backup-codes">
                    {t('two_factor.reset_backup_codes')}
                  </button>
                )}{' '}
                <button type="button" className="button button--danger" onClick={() => setView({ kind: 'delete', factor })} data-testid="delete-factor">
                  {t('two_factor.delete')}
                </button>
              </li>
            ))}
          </ul>
          {data.factors.some((factor) => factor.deactivated) ? (
            <p className="alert" role="note" data-testid="two-factor-deactivated-hint">
              {t('two_factor.deactivated_hint')}
            </p>
          ) : null}
          {data.factors.length > 0 ? <p>{t('two_factor.backup_codes_left', { count: data.backup_codes_left })}</p> : null}
          <RemovedFactors removed={data.removed_factors} hasFactors={data.factors.length > 0} />
          {data.two_factor !== 'disabled' ? (
            <p>
              {data.totp_available && !has('totp') ? (
                <button type="button" className="button" onClick={() => void start('totp')} data-testid="add-totp">
                  {t('two_factor.add_totp')}
                </button>
              ) : null}{' '}
              {data.email_available && !has('email') ? (
                <button type="button" className="button" onClick={() => void start('email')} data-testid="add-email">
                  {t('two_factor.add_email')}
                </button>
              ) : null}
            </p>
          ) : null}
        </>
      ) : null}
      {view.kind === 'add' ? (
        <CodeForm
          testId="add-factor-form"
          submitLabel={t('two_factor.activate')}
          onSubmit={async (code) => {
            const answer = await calls.add(view.prepared, code);
            await reload();
            setNotice('two_factor.added');
            setView({ kind: 'codes', codes: answer.backup_codes });
          }}
        >
          {view.prepared.provisioning_uri ? (
            <>
              <p>{t('two_factor.scan')}</p>
              <QrCode uri={view.prepared.provisioning_uri} />
              <p>
                {t('two_factor.manual_key')} <code data-testid="two-factor-secret">{new URL(view.prepared.provisioning_uri).searchParams.get('secret')}</code>
              </p>
              <input type="hidden" data-testid="two-factor-uri" value={view.prepared.provisioning_uri} readOnly />
            </>
          ) : (
            <p>{t('two_factor.mailed')}</p>
          )}
        </CodeForm>
      ) : null}
      {view.kind === 'delete' ? (
        <CodeForm
          testId="delete-factor-form"
          backupAllowed
          submitLabel={t('two_factor.delete')}
          onSubmit={async (code) => {
            await calls.remove(view.factor.id ?? '', code);
            await reload();
            setNotice('two_factor.deleted');
            setView({ kind: 'index' });
          }}
        >
          <p>{t('two_factor.delete_confirm')}</p>
        </CodeForm>
      ) : null}
      {view.kind === 'reset' ? (
        <CodeForm
          testId="reset-codes-form"
          backupAllowed
          submitLabel={t('two_factor.reset_backup_codes')}
          onSubmit={async (code) => {
            const answer = await calls.resetBackupCodes(view.factor.id ?? '', code);
            await reload();
            setView({ kind: 'codes', codes: answer.backup_codes });
          }}
        >
          <p>{t('two_factor.reset_confirm')}</p>
        </CodeForm>
      ) : null}
      {view.kind === 'codes' ? (
        <div data-testid="backup-codes">
          <p>{t('two_factor.backup_codes_intro')}</p>
          <ul className="list">
            {view.codes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ul>
          <button type="button" className="button" onClick={() => downloadBackupCodes(view.codes)} data-testid="download-backup-codes">
            {t('two_factor.download')}
          </button>{' '}
          <button type="button" className="button button--secondary" onClick={() => setView({ kind: 'index' })}>
            {t('two_factor.done')}
          </button>
        </div>
      ) : null}
      {view.kind !== 'index' && view.kind !== 'codes' ? (
        <p>
          <button type="button" className="button button--secondary" onClick={() => setView({ kind: 'index' })}>
            {t('two_factor.back')}
          </button>
        </p>
      ) : null}
    </section>
  );
};
