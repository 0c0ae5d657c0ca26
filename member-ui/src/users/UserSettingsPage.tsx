import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CalendarTokenSection } from '../calendars';
import { usePageTitle } from '../common/usePageTitle';
import { ChangePasswordSection } from './ChangePasswordSection';
import { MyDataSection } from './MyDataSection';

/** /users/edit: the member's own settings; each module adds its section. */
export const UserSettingsPage = () => {
  const { t } = useTranslation();
  usePageTitle('users.settings_title');
  return (
    <section className="page" data-testid="user-settings">
      <h1 className="page__title">{t('users.settings_title')}</h1>
      <ChangePasswordSection />
      <CalendarTokenSection />
      <p>
        <Link to="/two_factor" data-testid="two-factor-link">
          {t('two_factor.title')}
        </Link>
      </p>
      <MyDataSection />
    </section>
  );
};
