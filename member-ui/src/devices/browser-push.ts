/** A browser's push subscription as the server takes it (PushSubscription.toJSON()). */
export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** What the settings page needs of the browser's Push API; tests hand in their own. */
export interface BrowserPush {
  /** service workers, the Push API and notifications are all there (and the page is a secure context) */
  supported(): boolean;
  permission(): NotificationPermission;
  /** this browser's current subscription, if any */
  current(): Promise<BrowserSubscription | null>;
  /** asks for permission and subscribes with the server's key (base64url, as the Push API takes it); null when the member refused */
  subscribe(applicationServerKey: string): Promise<BrowserSubscription | null>;
  unsubscribe(): Promise<void>;
}

/** the service worker that shows a push as a notification (member-ui/public/push-worker.js) */
export const PUSH_WORKER_URL = '/push-worker.js';

const asBrowserSubscription = (subscription: PushSubscription | null): BrowserSubscription | null => {
  if (!subscription) return null;
  const json = subscription.toJSON();
  return json.endpoint && json.keys?.['p256dh'] && json.keys['auth'] ? { endpoint: json.endpoint, keys: { p256dh: json.keys['p256dh'], auth: json.keys['auth'] } } : null;
};

/** the real browser's Push API */
export const browserPush: BrowserPush = {
  supported: () => typeof window !== 'undefined' && window.isSecureContext && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window,
  permission: () => Notification.permission,
  current: async () => {
    const registration = await navigator.serviceWorker.getRegistration(PUSH_WORKER_URL);
    return asBrowserSubscription((await registration?.pushManager.getSubscription()) ?? null);
  },
  subscribe: async (applicationServerKey) => {
    if ((await Notification.requestPermission()) !== 'granted') return null;
    const registration = await navigator.serviceWorker.register(PUSH_WORKER_URL);
    await navigator.serviceWorker.ready;
    const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
    return asBrowserSubscription(subscription);
  },
  unsubscribe: async () => {
    const registration = await navigator.serviceWorker.getRegistration(PUSH_WORKER_URL);
    await (await registration?.pushManager.getSubscription())?.unsubscribe();
  },
};
