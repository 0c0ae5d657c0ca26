import { useTranslation } from 'react-i18next';

/** the member's own history as the server records it (their personal-data export) */
export const MY_HISTORY_URL = '/api/v1/members/me/history';

/** The member's personal-data export: their own history, downloaded as the server streams it. */
export const MyDataSection = () => {
  const { t } = useTranslation();
  return (
    <section className="detail-block" id="my-data" data-testid="my-data">
      <h2>{t('users.my_data_title')}</h2>
      <p className="muted">{t('users.my_data_text')}</p>
      <div className="form-actions">
        <a className="button" href={MY_HISTORY_URL} download data-testid="download-my-activity">
          {t('users.my_data_download')}
        </a>
      </div>
    </section>
  );
};
