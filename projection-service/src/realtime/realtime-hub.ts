import { VISITOR_REALTIME_TOPICS } from '@cn/contracts';

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
  /** the topics its console watches now (pages open: `appointments`, ...); set by the console through `RealtimeHub.watch` */
  topics?: ReadonlySet<string>;
}

/** A signed-out visitor's socket: nobody's, it hears only public topics. */
export interface VisitorConnection {
  send(message: RealtimeMessage): void;
  topics: ReadonlySet<string>;
}

/** What a console may ask to watch: a few short names. */
export const MAX_TOPICS = 32;
export const TOPIC_PATTERN = /^[a-z][a-z0-9_:-]{0,63}$/;

/**
 * Connected members and how to reach them, indexed by member: a push to one member touches only that
 * member's connections, and a push to everyone builds each member's message once. Features publish
 * through it (presence, network, appointments; chat and unread counters later) and decide per recipient
 * what that member may see; a change that matters only to open pages goes to the members whose consoles
 * watch its topic.
 */
export class RealtimeHub {
  private readonly byMember = new Map<string, Set<RealtimeConnection>>();
  /** per topic, the members watching it and which of their connections do: `watching` is O(watchers), not O(connections) */
  private readonly byTopic = new Map<string, Map<string, Set<RealtimeConnection>>>();
  private count = 0;
  private readonly visitors = new Set<VisitorConnection>();
  private readonly presenceListeners = new Set<(memberId: string, connected: boolean) => void>();

  add(connection: RealtimeConnection): () => void {
    let connections = this.byMember.get(connection.memberId);
    const first = !connections;
    if (!connections) {
      connections = new Set();
      this.byMember.set(connection.memberId, connections);
    }
    connections.add(connection);
    this.count += 1;
    this.index(connection, connection.topics, 1);
    if (first) for (const listener of this.presenceListeners) listener(connection.memberId, true);
    let removed = false;
    return () => {
      if (removed) return;
      removed = true;
      const own = this.byMember.get(connection.memberId);
      if (!own?.delete(connection)) return;
      this.count -= 1;
      this.index(connection, connection.topics, -1);
      if (own.size > 0) return;
      this.byMember.delete(connection.memberId);
      for (const listener of this.presenceListeners) listener(connection.memberId, false);
    };
  }

  /** told when a member's first console connects and when their last one goes */
  onPresence(listener: (memberId: string, connected: boolean) => void): () => void {
    this.presenceListeners.add(listener);
    return () => this.presenceListeners.delete(listener);
  }

  isConnected(memberId: string): boolean {
    return this.byMember.has(memberId);
  }

  /** distinct members with at least one open connection */
  connectedMembers(): string[] {
    return [...this.byMember.keys()];
  }

  /** the connection's console watches these topics from now on (its open pages: `appointments`, ...) */
  watch(connection: RealtimeConnection, topics: ReadonlySet<string>): void {
    const added = this.byMember.get(connection.memberId)?.has(connection) === true;
    if (added) this.index(connection, connection.topics, -1);
    connection.topics = topics;
    if (added) this.index(connection, topics, 1);
  }

  /** distinct members with a console that watches the topic */
  watching(topic: string): string[] {
    const members = this.byTopic.get(topic);
    return members ? [...members.keys()] : [];
  }

  /**
   * The message to the connections watching the topic, not to their members' other consoles: for a change
   * that is the same for everyone and matters only to the pages that watch it (an open widget bar).
   */
  publishToWatching(topic: string, message: RealtimeMessage): void {
    for (const connections of this.byTopic.get(topic)?.values() ?? []) for (const connection of connections) connection.send(message);
  }

  /** the message to those of the member's connections that watch the topic (a page showing it), not to their other consoles */
  publishToWatchingOf(topic: string, memberId: string, message: RealtimeMessage): void {
    for (const connection of this.byTopic.get(topic)?.get(memberId) ?? []) connection.send(message);
  }

  private index(connection: RealtimeConnection, topics: ReadonlySet<string> | undefined, by: 1 | -1): void {
    for (const topic of topics ?? []) {
      let members = this.byTopic.get(topic);
      if (!members) {
        members = new Map();
        this.byTopic.set(topic, members);
      }
      let connections = members.get(connection.memberId);
      if (!connections) {
        connections = new Set();
        members.set(connection.memberId, connections);
      }
      if (by === 1) connections.add(connection);
      else connections.delete(connection);
      if (connections.size === 0) members.delete(connection.memberId);
      if (members.size === 0) this.byTopic.delete(topic);
    }
  }

  connectionCount(): number {
    return this.count;
  }

  /**
   * A visitor's socket (signed out). Kept apart from the members': no push to members, to everyone or to a
   * topic's watchers reaches it, only `publishToVisitors`, which sends nothing but public topics.
   */
  addVisitor(connection: VisitorConnection): () => void {
    this.visitors.add(connection);
    return () => {
      this.visitors.delete(connection);
    };
  }

  visitorCount(): number {
    return this.visitors.size;
  }

  /** the visitors watching `topic` hear the message, if `topic` is one of the public ones */
  publishToVisitors(topic: string, message: RealtimeMessage): void {
    if (!VISITOR_REALTIME_TOPICS.includes(topic)) return;
    for (const visitor of this.visitors) if (visitor.topics.has(topic)) visitor.send(message);
  }

  /** the message to every open console of every connected member: a change everyone's pages may show */
  publishToConnected(message: RealtimeMessage): void {
    for (const connections of this.byMember.values()) for (const connection of connections) connection.send(message);
  }

  publishTo(memberId: string, message: RealtimeMessage): void {
    for (const connection of this.byMember.get(memberId) ?? []) connection.send(message);
  }

  /** builds the message once per connected member (or the given members); null sends that member nothing */
  async publishEach(build: (memberId: string) => Promise<RealtimeMessage | null> | RealtimeMessage | null, members: Iterable<string> = this.connectedMembers()): Promise<void> {
    for (const memberId of members) {
      if (!this.byMember.has(memberId)) continue;
      const message = await build(memberId);
      if (message) this.publishTo(memberId, message);
    }
  }
}
