import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { errorKeyOf } from '../api/client';
import { RichText } from '../channels/RichText';
import { usePage, usePages } from './pages-queries';

const adminEditLink = (id: string): string => `/admin/#/pages/${encodeURIComponent(id)}`;

/** A page (/pages/{slug}): its sanitised content, kept live; administrators get the link to edit it. */
export const PageView = () => {
  const { t, i18n } = useTranslation();
  const { pageSlug = '' } = useParams();
  const page = usePage(pageSlug);
  return (
    <section className="page content-page" data-testid="content-page">
      {page.isPending ? <p role="status">{t('common.loading')}</p> : null}
      {page.isError ? <p role="alert">{t(`errors.${errorKeyOf(page.error)}`)}</p> : null}
      {page.data ? (
        <>
          <h1 className="page__title">{page.data.title}</h1>
          <p className="content-page__note">{t('pages.updated_at', { date: new Date(page.data.updated_at).toLocaleDateString(i18n.language) })}</p>
          {page.data.content ? <RichText html={page.data.content} testId="content-page-content" /> : <p>{t('pages.empty')}</p>}
          {page.data.can.update ? (
            <p>
              <a className="button" href={adminEditLink(page.data.id)}>
                {t('pages.edit')}
              </a>
            </p>
          ) : null}
        </>
      ) : null}
      <p>
        <Link to="/pages">{t('pages.all')}</Link>
      </p>
    </section>
  );
};

/** The pages the member may see (/pages: the navigation's 'pages' screen). */
export const PagesIndex = () => {
  const { t } = useTranslation();
  const pages = usePages();
  return (
    <section className="page content-page" data-testid="pages-index">
      <h1 className="page__title">{t('pages.title')}</h1>
      {pages.isPending ? <p role="status">{t('common.loading')}</p> : null}
      {pages.isError ? <p role="alert">{t(`errors.${errorKeyOf(pages.error)}`)}</p> : null}
      {pages.data && pages.data.pages.length === 0 ? <p>{t('pages.none')}</p> : null}
      {pages.data && pages.data.pages.length > 0 ? (
        <ul>
          {pages.data.pages.map((page) => (
            <li key={page.id}>
              <Link to={page.html_url}>{page.title}</Link>
              {page.visibility === 'internal' ? <span className="badge">{t('pages.internal')}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {pages.data?.can.create ? (
        <p>
          <a className="button" href="/admin/#/pages/create">
            {t('pages.create')}
          </a>
        </p>
      ) : null}
    </section>
  );
};
