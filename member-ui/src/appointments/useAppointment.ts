import type { AppointmentDto } from '@cn/contracts';
import { useCallback, useEffect, useState } from 'react';
import { errorKeyOf } from '../api/client';
import { useSession } from '../session/SessionContext';
import { appointmentsApi } from './appointments-api';

export type AppointmentLoad = { phase: 'loading' } | { phase: 'failed'; errorKey: string } | { phase: 'loaded'; appointment: AppointmentDto };

/** Loads one appointment (or occurrence); `reload` reads it again after a command. */
export const useAppointment = (id: string) => {
  const { api } = useSession();
  const [load, setLoad] = useState<AppointmentLoad>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    appointmentsApi(api)
      .get(id)
      .then((appointment) => {
        if (current) setLoad({ phase: 'loaded', appointment });
      })
      .catch((error: unknown) => {
        if (current) setLoad({ phase: 'failed', errorKey: errorKeyOf(error) });
      });
    return () => {
      current = false;
    };
  }, [api, id, attempt]);
  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  return { load, reload };
};
