import type { ChatMessageDto, ChatServerEvent } from '@cn/contracts';
import type { RealtimeHub } from '../realtime/realtime-hub';
import type { ChatMessageDocument } from './chat.projections';

const REMEMBERED_IDS = 5_000;
/** how long a pushed message is kept for resumes: far beyond the projector's write (0.5–2.2 s measured under load) */
export const RECENT_MESSAGES_MS = 30_000;
/** at most this many (all chats together): the oldest go first, they are the likeliest to be written */
export const RECENT_MESSAGES_MAX = 2_000;

/**
 * One open chat socket. Messages go out in log order and each at most once: while a reconnecting
 * console's resume replays what it missed, live messages wait, and ids already sent are skipped.
 */
export class ChatConnection {
  private resuming = false;
  private readonly waiting: ChatMessageDto[] = [];
  private readonly sent = new Set<string>();

  readonly memberId: string;

  constructor(
    readonly issuer: { memberId: string; sessionToken: string | null },
    private readonly write: (event: ChatServerEvent) => void,
  ) {
    this.memberId = issuer.memberId;
  }

  send(event: ChatServerEvent): void {
    this.write(event);
  }

  /** a live message: held while resuming, skipped when already sent */
  message(message: ChatMessageDto): void {
    if (this.resuming) {
      this.waiting.push(message);
      return;
    }
    this.deliver(message);
  }

  private deliver(message: ChatMessageDto): void {
    if (this.sent.has(message.id)) return;
    this.sent.add(message.id);
    if (this.sent.size > REMEMBERED_IDS) this.sent.delete(this.sent.values().next().value as string);
    this.write({ event: 'message', message });
  }

  /** replays the missed messages (in order), then what arrived meanwhile */
  async resume(missed: () => Promise<ChatMessageDto[]>): Promise<number> {
    this.resuming = true;
    try {
      const replayed = await missed();
      for (const message of replayed) this.deliver(message);
      return replayed.length;
    } finally {
      this.resuming = false;
      const waiting = this.waiting.splice(0).sort((a, b) => a.position - b.position);
      for (const message of waiting) this.deliver(message);
    }
  }
}

/**
 * The messages passed on lately, as stored (sealed). A message is pushed from its event before its document
 * is written (`wholeFromOneEvent`), so a console that reconnects in that instant would not find it in the
 * store's answer to its resume: the resume merges these in (`missedMessages`). Bounded in age and number.
 */
export class RecentChatMessages {
  /** by message id, oldest first (a message passed on again keeps its place) */
  private readonly byId = new Map<string, { doc: ChatMessageDocument; at: number }>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxAgeMs = RECENT_MESSAGES_MS,
    private readonly max = RECENT_MESSAGES_MAX,
  ) {}

  remember(doc: ChatMessageDocument): void {
    if (!this.byId.has(doc._id)) this.byId.set(doc._id, { doc, at: this.now() });
    while (this.byId.size > this.max) this.byId.delete(this.byId.keys().next().value as string);
  }

  /** the messages still remembered, oldest first */
  all(): ChatMessageDocument[] {
    const oldest = this.now() - this.maxAgeMs;
    for (const [id, entry] of this.byId) {
      if (entry.at >= oldest) break;
      this.byId.delete(id);
    }
    return [...this.byId.values()].map((entry) => entry.doc);
  }
}

/** The open chat sockets by member (one per realtime hub: a runtime's), and the messages passed on lately. */
export class ChatHub {
  private readonly byMember = new Map<string, Set<ChatConnection>>();
  readonly recent: RecentChatMessages;

  constructor(now?: () => number) {
    this.recent = new RecentChatMessages(now);
  }

  add(connection: ChatConnection): () => void {
    const own = this.byMember.get(connection.memberId) ?? new Set<ChatConnection>();
    own.add(connection);
    this.byMember.set(connection.memberId, own);
    return () => {
      own.delete(connection);
      if (own.size === 0) this.byMember.delete(connection.memberId);
    };
  }

  isConnected(memberId: string): boolean {
    return this.byMember.has(memberId);
  }

  /** the members with an open chat socket here */
  connectedMembers(): string[] {
    return [...this.byMember.keys()];
  }

  connectionsOf(memberId: string): ReadonlySet<ChatConnection> {
    return this.byMember.get(memberId) ?? new Set();
  }

  sendTo(memberId: string, event: ChatServerEvent, except?: ChatConnection): void {
    for (const connection of this.connectionsOf(memberId)) if (connection !== except) connection.send(event);
  }
}

const hubs = new WeakMap<RealtimeHub, ChatHub>();

/** the chat sockets of the runtime whose realtime hub this is (the publishers are handed the realtime hub) */
export const chatHubOf = (hub: RealtimeHub): ChatHub => {
  let chat = hubs.get(hub);
  if (!chat) {
    chat = new ChatHub();
    hubs.set(hub, chat);
  }
  return chat;
};
