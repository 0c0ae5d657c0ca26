import { useState } from 'react';
import { createQueryClient } from '../api/query-client';
import { WaitlistPromotionToasts } from '../appointments/WaitlistPromotionToasts';
import { ToastProvider } from '../toasts/Toasts';
import { App } from './App';

export { preloadFirstPage } from './App';
import { DataLayer } from './DataLayer';

/**
 * Everything under the session: the query cache kept live (every feature's live route), the toasts, the
 * shell and the route table. Its own chunk, fetched by main.tsx at once beside the strings and the session,
 * so that the script index.html loads is React, the router, i18next and the session only.
 */
export const Console = () => {
  const [client] = useState(createQueryClient);
  return (
    <DataLayer client={client}>
      <ToastProvider>
        <App />
        <WaitlistPromotionToasts />
      </ToastProvider>
    </DataLayer>
  );
};
