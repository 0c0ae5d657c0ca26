import { CHAT_SOCKET_PATH, CHAT_TOKEN_MARGIN_MS, type ChatServerEvent, type ChatSocketAction, type ChatTokenResponse } from '@cn/contracts';

export type ChatConnectionState = 'connecting' | 'connected' | 'reconnecting' | 'fetch_credentials_failed';

export const RECONNECT_BASE_MS = 5000;
export const RECONNECT_JITTER_MS = 5000;
/** 5 s plus up to 5 s random (chat-channels-files-fields-legal.md §4) */
export const chatReconnectDelay = (random: () => number = Math.random): number => RECONNECT_BASE_MS + Math.floor(random() * RECONNECT_JITTER_MS);

/** credentials are kept until 3 minutes before they expire (3 hours minus 3 minutes) */
export const credentialsValid = (credentials: ChatTokenResponse | null, now: number): credentials is ChatTokenResponse =>
  credentials !== null && Date.parse(credentials.expires_at) - CHAT_TOKEN_MARGIN_MS > now;

export interface ChatConnectionOptions {
  fetchToken: () => Promise<ChatTokenResponse>;
  onEvent: (event: ChatServerEvent) => void;
  onState: (state: ChatConnectionState) => void;
  /** after every (re)connect: the actions that bring the console up to date (resume, my_chats, resends) */
  onOpen: (send: (action: ChatSocketAction) => void, reconnect: boolean) => void;
  createSocket?: (url: string) => WebSocket;
  random?: () => number;
}

/**
 * One chat socket for the console, reopened after a close or an error (5 to 10 s later); its
 * credentials from POST /api/v1/chat_token are cached for 3 hours minus 3 minutes.
 */
export const openChatConnection = (options: ChatConnectionOptions) => {
  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  let opened = false;
  let credentials: ChatTokenResponse | null = null;

  const schedule = (): void => {
    if (stopped) return;
    timer = setTimeout(() => void connect(), chatReconnectDelay(options.random));
  };

  const send = (action: ChatSocketAction): boolean => {
    if (socket?.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(action));
    return true;
  };

  const connect = async (): Promise<void> => {
    if (stopped) return;
    options.onState(opened ? 'reconnecting' : 'connecting');
    if (!credentialsValid(credentials, Date.now())) {
      try {
        credentials = await options.fetchToken();
      } catch {
        credentials = null;
        options.onState('fetch_credentials_failed');
        schedule();
        return;
      }
    }
    if (stopped) return;
    const protocol = window.location.protocol === 'https:' ? 'wss' : 'ws';
    const url = `${protocol}://${window.location.host}${CHAT_SOCKET_PATH}?token=${encodeURIComponent(credentials.token)}`;
    const current = (options.createSocket ?? ((address: string) => new WebSocket(address)))(url);
    socket = current;
    current.onopen = () => {
      const reconnect = opened;
      opened = true;
      options.onState('connected');
      options.onOpen((action) => void send(action), reconnect);
    };
    current.onmessage = (event: MessageEvent) => {
      if (typeof event.data !== 'string') return;
      try {
        options.onEvent(JSON.parse(event.data) as ChatServerEvent);
      } catch {
        // a frame that is not JSON is ignored
      }
    };
    current.onclose = () => {
      if (socket === current) socket = null;
      if (stopped) return;
      // refused credentials are fetched again next time
      if (!opened) credentials = null;
      options.onState('reconnecting');
      schedule();
    };
    current.onerror = () => current.close();
  };

  void connect();
  return {
    send,
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      socket?.close();
    },
  };
};
