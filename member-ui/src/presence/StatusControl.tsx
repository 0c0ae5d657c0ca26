import type { SetPresenceRequest } from '@cn/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKeyOf } from '../api/client';
import { useSession, useSignedIn } from '../session/SessionContext';
import { useToasts } from '../toasts/Toasts';
import { PresenceDot } from './PresenceDot';
import { isStatusUiVisible, presenceOptions } from './presence-rules';
import { StatusForm } from './StatusForm';

/** Status button and status message form; nothing at all when the network hides online status. */
export const StatusControl = ({ startOpen = false }: { startOpen?: boolean }) => {
  const { t } = useTranslation();
  const { setStatus } = useSession();
  const { network, member, can } = useSignedIn();
  const toasts = useToasts();
  const [open, setOpen] = useState(startOpen);

  if (!isStatusUiVisible(network.show_online_status, can)) return null;
  const options = presenceOptions(network.show_online_status, can);

  const submit = async (request: SetPresenceRequest): Promise<boolean> => {
    try {
      await setStatus(request);
      toasts.show('success', 'presence.saved');
      return true;
    } catch (error) {
      toasts.show('error', `errors.${errorKeyOf(error)}`);
      return false;
    }
  };

  return (
    <div className="status-control" data-testid="status-ui">
      <button
        type="button"
        className="status-button"
        data-testid="status-button"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        <PresenceDot status={member.status} withLabel />
        <span className="status-button__text" data-testid="status-current-text">
          {member.status?.text || t('presence.no_text')}
        </span>
        <span className="status-button__action">{t('presence.change')}</span>
      </button>
      {open ? (
        <StatusForm
          options={options}
          initial={{ type: member.status?.type ?? 'online', text: member.status?.text ?? '' }}
          onSubmit={submit}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </div>
  );
};
