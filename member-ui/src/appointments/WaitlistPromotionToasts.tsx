import { WAITLIST_PROMOTIONS_COLLECTION } from '@cn/contracts';
import { useEffect } from 'react';
import { useSession } from '../session/SessionContext';
import { useToasts } from '../toasts/Toasts';

/** Tells the member, on whatever page they are, that a freed place went to them. */
export const WaitlistPromotionToasts = () => {
  const { subscribe } = useSession();
  const toasts = useToasts();
  useEffect(
    () =>
      subscribe((message) => {
        if (message.collection === WAITLIST_PROMOTIONS_COLLECTION) toasts.show('success', 'appointments.rsvp.waitlist_promoted');
      }),
    [subscribe, toasts],
  );
  return null;
};
