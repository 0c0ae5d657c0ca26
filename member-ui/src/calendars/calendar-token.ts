import type { SUBSCRIPTION_COLLECTIONS } from '@cn/contracts';

export type SubscriptionCollection = (typeof SUBSCRIPTION_COLLECTIONS)[number];

/**
 * The server stores only a hash of the webcal token and answers the token once (POST /users/calendar_token),
 * so the console keeps it in this browser to show the subscription URLs again.
 */
const storageKey = (memberId: string): string => `cn.calendar_token.${memberId}`;

export const storedCalendarToken = (memberId: string): string | null => {
  try {
    return window.localStorage.getItem(storageKey(memberId));
  } catch {
    return null;
  }
};

export const storeCalendarToken = (memberId: string, token: string | null): void => {
  try {
    if (token) window.localStorage.setItem(storageKey(memberId), token);
    else window.localStorage.removeItem(storageKey(memberId));
  } catch {
    // private mode: the URLs show only until the page is left
  }
};

/** A feed's webcal URL with the member's token filled in for the `{token}` placeholder. */
export const webcalUrlWithToken = (template: string, token: string): string => template.replace('{token}', encodeURIComponent(token));
