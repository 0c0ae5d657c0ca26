/** What the realtime channel pushes: a document of a read model changed, as the recipient may see it. */
export interface RealtimeMessage {
  type: 'changed';
  collection: string;
  id: string;
  doc: unknown;
}

export interface RealtimeConnection {
  memberId: string;
  send(message: RealtimeMessage): void;
}

/**
 * Connected members and how to reach them. Features publish through it (presence, network today; chat and
 * unread counters later) and decide per recipient what that member may see.
 */
export class RealtimeHub {
  private readonly connections = new Set<RealtimeConnection>();

  add(connection: RealtimeConnection): () => void {
    this.connections.add(connection);
    return () => {
      this.connections.delete(connection);
    };
  }

  /** distinct members with at least one open connection */
  connectedMembers(): string[] {
    return [...new Set([...this.connections].map((connection) => connection.memberId))];
  }

  connectionCount(): number {
    return this.connections.size;
  }

  publishTo(memberId: string, message: RealtimeMessage): void {
    for (const connection of this.connections) {
      if (connection.memberId === memberId) connection.send(message);
    }
  }

  /** builds the message once per connected member; null sends that member nothing */
  async publishEach(build: (memberId: string) => Promise<RealtimeMessage | null> | RealtimeMessage | null): Promise<void> {
    for (const memberId of this.connectedMembers()) {
      const message = await build(memberId);
      if (message) this.publishTo(memberId, message);
    }
  }
}
