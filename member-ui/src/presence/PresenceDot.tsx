import type { MemberDto } from '@cn/contracts';
import { useTranslation } from 'react-i18next';

/** Offline when the member has no visible status (never set, invisible to others, or erased). */
export const PresenceDot = ({ status, withLabel = false }: { status: MemberDto['status']; withLabel?: boolean }) => {
  const { t } = useTranslation();
  const type = status?.type ?? 'offline';
  const label = t(`presence.types.${type}`);
  return (
    <span className="presence" data-testid="presence" data-presence={type}>
      <span className={`presence__dot presence__dot--${type}`} role="img" aria-label={label} title={label} />
      {withLabel ? <span className="presence__label">{label}</span> : null}
    </span>
  );
};
