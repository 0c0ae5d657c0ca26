import type { ChatMessageDto, ChatServerEvent } from '@cn/contracts';
import type { RealtimeHub } from '../realtime/realtime-hub';

const REMEMBERED_IDS = 5_000;

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

/** The open chat sockets by member (one per realtime hub: a runtime's). */
export class ChatHub {
  private readonly byMember = new Map<string, Set<ChatConnection>>();

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
