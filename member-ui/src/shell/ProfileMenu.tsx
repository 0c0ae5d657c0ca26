import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { errorKeyOf } from '../api/client';
import { Avatar } from '../common/Avatar';
import { useDismiss } from '../common/useDismiss';
import { UI_LANGUAGES, changeLanguage, type UiLanguage } from '../i18n';
import { PresenceDot } from '../presence/PresenceDot';
import { isStatusUiVisible } from '../presence/presence-rules';
import { StatusControl } from '../presence/StatusControl';
import { useSession, useSignedIn } from '../session/SessionContext';
import { useToasts } from '../toasts/Toasts';
import { useMemberName } from '../members/MemberBadges';

/** The profile menu: who is signed in, their status (set right here), profile, language, settings, sign out. */
export const ProfileMenu = () => {
  const { t, i18n } = useTranslation();
  const { signOut } = useSession();
  const { member, can, network } = useSignedIn();
  const toasts = useToasts();
  const navigate = useNavigate();
  const nameOf = useMemberName();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const languageId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close);
  const statusVisible = isStatusUiVisible(network.show_online_status, can);

  return (
    <div className="dropdown" ref={ref}>
      <button
        type="button"
        className="profile-button"
        aria-label={t('header.profile_menu')}
        aria-expanded={open}
        aria-haspopup="true"
        data-testid="profile-menu-button"
        onClick={() => setOpen((value) => !value)}
      >
        <Avatar member={member} size="small" />
        {statusVisible ? <PresenceDot status={member.status} /> : null}
      </button>
      {open ? (
        <div className="dropdown__panel dropdown__panel--profile" data-testid="profile-menu">
          <div className="profile-menu__who">
            <Avatar member={member} />
            <div>
              <strong data-testid="profile-name">{nameOf(member)}</strong>
              {/* the status control itself, not only in the chat panel: choose online, busy or invisible and a text */}
              <StatusControl />
            </div>
          </div>
          <ul className="menu-list">
            <li>
              <button type="button" className="menu-item" onClick={() => {
                  close();
                  void navigate(member.path || `/members/${member.id}`);
                }}>
                {t('profile.my_profile')}
              </button>
            </li>
            <li className="menu-item menu-item--field">
              <label htmlFor={languageId}>{t('profile.language')}</label>
              <select
                id={languageId}
                data-testid="language-select"
                value={(UI_LANGUAGES as readonly string[]).includes(i18n.language) ? i18n.language : 'de'}
                onChange={(event) => {
                  const next: UiLanguage | undefined = UI_LANGUAGES.find((language) => language === event.target.value);
                  if (next) void changeLanguage(i18n, next);
                }}
              >
                {UI_LANGUAGES.map((language) => (
                  <option key={language} value={language}>
                    {t(`languages.${language}`)}
                  </option>
                ))}
              </select>
            </li>
            {can.administrate ? (
              <li>
                <a className="menu-item" href="/admin/" data-testid="admin-link">
                  {t('profile.administration')}
                </a>
              </li>
            ) : null}
            <li>
              <button
                type="button"
                className="menu-item menu-item--danger"
                data-testid="sign-out"
                onClick={() => {
                  close();
                  signOut()
                    .then(() => navigate('/users/sign_in', { replace: true }))
                    .catch((error: unknown) => toasts.show('error', `errors.${errorKeyOf(error)}`));
                }}
              >
                {t('profile.sign_out')}
              </button>
            </li>
          </ul>
        </div>
      ) : null}
    </div>
  );
};
