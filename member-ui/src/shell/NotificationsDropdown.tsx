import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../common/Icon';
import { useDismiss } from '../common/useDismiss';

export const NotificationsDropdown = () => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close);
  return (
    <div className="dropdown" ref={ref}>
      <button
        type="button"
        className="icon-button"
        aria-label={t('header.notifications')}
        aria-expanded={open}
        aria-haspopup="true"
        data-testid="notifications-button"
        onClick={() => setOpen((value) => !value)}
      >
        <Icon name="bell" />
      </button>
      {open ? (
        <div className="dropdown__panel" data-testid="notifications-panel">
          <h2 className="dropdown__title">{t('header.notifications')}</h2>
          <p className="dropdown__empty">{t('notifications.empty')}</p>
        </div>
      ) : null}
    </div>
  );
};
