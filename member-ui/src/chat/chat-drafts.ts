import { CHAT_DRAFT_SYNC_MS } from '@cn/contracts';

/**
 * The composer's drafts, one per chat, kept while the member switches chats and saved to the server at
 * most once a second (leading and trailing), so they survive a reload and follow the member to their
 * other consoles. A draft from the server (another console's, or cleared by sending) replaces the local
 * text only when this console has nothing of its own unsaved: an edit is never silently undone.
 */
export interface DraftSyncOptions {
  save: (chatId: string, text: string) => void;
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

interface DraftEntry {
  text: string;
  /** the text last sent to the server */
  saved: string;
  savedAt: number;
  timer: unknown;
  /** saves sent and not answered yet: their echoes are not news */
  unanswered: number;
  /** the log position of this console's last answered save: older pushes are not news */
  position: number;
  /** the member typed here since the chat was opened */
  touched: boolean;
}

export interface DraftSync {
  /** the local text of a chat ('' none) */
  get(chatId: string): string;
  /** the member typed: kept at once, saved within a second */
  edit(chatId: string, text: string): void;
  /** sends a waiting save now (the page is left) */
  flush(): void;
  /** the message was sent: the draft is empty, here and (by the server) everywhere; `answered` once it is stored */
  sent(chatId: string): void;
  /** the server answered a save of this console */
  answered(chatId: string, position: number): void;
  /** the server's draft when a chat is opened: taken unless the member already typed here */
  loaded(chatId: string, text: string): string;
  /** a pushed draft: answers the text to show, or null when the local one stays */
  pushed(chatId: string, text: string, position: number): string | null;
  /** after a reconnect: unanswered saves are lost, what was typed is saved again */
  reconnected(): void;
  stop(): void;
}

export const createDraftSync = ({ save, now = Date.now, setTimer = (run, ms) => setTimeout(run, ms), clearTimer = (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>) }: DraftSyncOptions): DraftSync => {
  const entries = new Map<string, DraftEntry>();
  const entryOf = (chatId: string): DraftEntry => {
    let entry = entries.get(chatId);
    if (!entry) {
      entry = { text: '', saved: '', savedAt: -Infinity, timer: null, unanswered: 0, position: 0, touched: false };
      entries.set(chatId, entry);
    }
    return entry;
  };
  const saveNow = (chatId: string, entry: DraftEntry, again = false): void => {
    if (entry.timer !== null) clearTimer(entry.timer);
    entry.timer = null;
    if (entry.text === entry.saved && !again) return;
    entry.saved = entry.text;
    entry.savedAt = now();
    entry.unanswered += 1;
    save(chatId, entry.text);
  };
  return {
    get: (chatId) => entries.get(chatId)?.text ?? '',
    edit: (chatId, text) => {
      const entry = entryOf(chatId);
      entry.text = text;
      entry.touched = true;
      if (entry.timer !== null) return;
      const wait = entry.savedAt + CHAT_DRAFT_SYNC_MS - now();
      if (wait <= 0) saveNow(chatId, entry);
      else entry.timer = setTimer(() => saveNow(chatId, entry), wait);
    },
    flush: () => {
      for (const [chatId, entry] of entries) if (entry.timer !== null) saveNow(chatId, entry);
    },
    sent: (chatId) => {
      const entry = entryOf(chatId);
      if (entry.timer !== null) clearTimer(entry.timer);
      // the server clears the draft when the message is stored: nothing to save, and until the send is
      // answered (like a save) no draft older than that clearing replaces the empty composer
      Object.assign(entry, { text: '', saved: '', timer: null, touched: false });
      entry.unanswered += 1;
    },
    answered: (chatId, position) => {
      const entry = entryOf(chatId);
      entry.unanswered = Math.max(0, entry.unanswered - 1);
      entry.position = Math.max(entry.position, position);
    },
    loaded: (chatId, text) => {
      const entry = entryOf(chatId);
      if (entry.touched || entry.timer !== null || entry.unanswered > 0) return entry.text;
      entry.text = text;
      entry.saved = text;
      return text;
    },
    pushed: (chatId, text, position) => {
      const entry = entryOf(chatId);
      if (entry.timer !== null || entry.unanswered > 0 || position <= entry.position) return null;
      entry.text = text;
      entry.saved = text;
      entry.position = position;
      entry.touched = false;
      return text;
    },
    reconnected: () => {
      for (const [chatId, entry] of entries) {
        entry.unanswered = 0;
        if (entry.touched) saveNow(chatId, entry, true);
      }
    },
    stop: () => {
      for (const entry of entries.values()) if (entry.timer !== null) clearTimer(entry.timer);
    },
  };
};
