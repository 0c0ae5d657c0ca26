import { useState } from 'react';
import { createQueryClient } from '../api/query-client';
import { WaitlistPromotionToasts } from '../appointments/WaitlistPromotionToasts';
import { ToastProvider } from '../toasts/Toasts';
import { useSession } from '../session/SessionContext';
import { App, type FirstPageSeed } from './App';

export { preloadFirstPage } from './App';
import { DataLayer } from './DataLayer';

/**
 * Everything under the session: the query cache kept live (every feature's live route), the toasts, the
 * shell and the route table. Its own chunk, fetched by main.tsx at once beside the strings and the session,
 * so that the script index.html loads is React, the router, i18next and the session only. `seed` (the first
 * page's, preloadFirstPage) fills the new cache with the data read ahead.
 */
export const Console = ({ seed }: { seed?: FirstPageSeed }) => {
  const { api } = useSession();
  const [client] = useState(() => {
    const created = createQueryClient();
    seed?.(created, api);
    return created;
  });
  return (
    <DataLayer client={client}>
      <ToastProvider>
        <App />
        <WaitlistPromotionToasts />
      </ToastProvider>
    </DataLayer>
  );
};
