import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { errorKeyOf } from '../api/client';
import { RichText } from '../channels/RichText';
import { PublicNavigation } from '../navigation/NetworkNavigation';
import { useImprint, useLegalText } from './legal-queries';
import './legal.css';

/** The public imprint (/imprint), reachable signed out, with the links to the legal texts. */
export const ImprintPage = () => {
  const { t } = useTranslation();
  const imprint = useImprint();
  return (
    <section className="page legal-page" data-testid="imprint-page">
      <PublicNavigation />
      <h1 className="page__title">{t('legal.imprint.title')}</h1>
      {imprint.isPending ? <p role="status">{t('common.loading')}</p> : null}
      {imprint.isError ? <p role="alert">{t(`errors.${errorKeyOf(imprint.error)}`)}</p> : null}
      {imprint.data ? (
        <>
          {imprint.data.content ? <RichText html={imprint.data.content} testId="imprint-content" /> : <p>{t('legal.imprint.empty')}</p>}
          {imprint.data.show_newsletter_info ? <p className="legal-page__note">{t('legal.imprint.newsletter_info')}</p> : null}
          {imprint.data.legal_texts.length > 0 ? (
            <nav aria-label={t('legal.texts_heading')}>
              <h2>{t('legal.texts_heading')}</h2>
              <ul>
                {imprint.data.legal_texts.map((text) => (
                  <li key={text.handle}>
                    <Link to={`/legal/${text.handle}`}>{text.name}</Link>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
        </>
      ) : null}
    </section>
  );
};

/** A legal text's current version (/legal/{handle}), reachable signed out. */
export const LegalTextPage = () => {
  const { t, i18n } = useTranslation();
  const { handle = '' } = useParams();
  const text = useLegalText(handle);
  return (
    <section className="page legal-page" data-testid="legal-text-page">
      <PublicNavigation />
      {text.isPending ? <p role="status">{t('common.loading')}</p> : null}
      {text.isError ? <p role="alert">{t(`errors.${errorKeyOf(text.error)}`)}</p> : null}
      {text.data ? (
        <>
          <h1 className="page__title">{text.data.name}</h1>
          <p className="legal-page__note">{t('legal.version_of', { version: text.data.version, date: new Date(text.data.updated_at).toLocaleDateString(i18n.language) })}</p>
          <RichText html={text.data.html_text} testId="legal-text-content" />
        </>
      ) : null}
      <p>
        <Link to="/imprint">{t('legal.imprint.title')}</Link>
      </p>
    </section>
  );
};
