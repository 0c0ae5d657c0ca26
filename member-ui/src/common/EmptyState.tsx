import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A calm placeholder: a title, a sentence and optionally an action. */
export const EmptyState = ({
  title,
  text,
  children,
  testId = 'empty-state',
}: {
  title: string;
  text?: string;
  children?: ReactNode;
  testId?: string;
}) => {
  const { t } = useTranslation();
  return (
    <div className="empty-state" data-testid={testId}>
      <svg className="empty-state__art" viewBox="0 0 64 64" aria-hidden="true">
        <circle cx="32" cy="32" r="30" />
        <path d="M20 36h24M24 28h16" />
      </svg>
      <h2>{t(title)}</h2>
      {text ? <p>{t(text)}</p> : null}
      {children}
    </div>
  );
};
