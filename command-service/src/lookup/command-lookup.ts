import { DEFAULT_NETWORK_ID, DEFAULT_NETWORK_SETTINGS, emptyTagCatalogue, twoFactorStream, type NetworkSettings, type TagCatalogue, type TwoFactorType } from '@cn/contracts';
import { createDocumentProjector, HttpProblem, oncePerRequest, type DocumentProjector, type Infrastructure, type MemberAccess, type SignedInMember } from '@cn/platform';
import { collectionName, eventTypesOf, loadState, type CommandContext, type Projection, type ProjectedDocument } from '@cn/domain';
import { twoFactorDecider } from '../two-factor/two-factor.decider';
import {
  lookupAppointmentsProjection,
  lookupMembersProjection,
  lookupNetworkProjection,
  type LookupAppointment,
  type LookupMember,
  type LookupNetwork,
} from './lookup.projections';
import { lookupGroupsProjection, type LookupGroup } from '../groups/group-lookup.projection';
import { lookupTagsProjection, type LookupTags } from '../tags/tags-lookup.projection';

/** Projection's evolve takes its document type contravariantly; the runner hands each projection its own documents. */
const widen = <D extends ProjectedDocument>(projection: Projection<D>): Projection => projection;

export const LOOKUP_GROUP = 'command-service.lookup';
const LOOKUP_PROJECTIONS: readonly Projection[] = [
  widen(lookupMembersProjection),
  widen(lookupNetworkProjection),
  widen(lookupAppointmentsProjection),
  widen(lookupGroupsProjection),
  widen(lookupTagsProjection),
];
/** the event types the lookup applies: a command waits for the newest of these, not for the log's head */
export const LOOKUP_EVENT_TYPES: readonly string[] = eventTypesOf(LOOKUP_PROJECTIONS);
/** how long a command waits for the lookup to reach the event store's head before deciding on what it has */
const CATCH_UP_MS = 2000;
/** how long a follow-up of an event (a deleted calendar's appointments) waits for the lookup to see it */
const FOLLOW_UP_MS = 60_000;

/**
 * The command side's own read model (members' addresses and roles, the network settings), so that
 * authorization never trusts the client and never depends on the query service.
 */
export class CommandLookup implements MemberAccess {
  private readonly projector: DocumentProjector;

  constructor(private readonly infra: Pick<Infrastructure, 'bus' | 'documentStore' | 'cipher' | 'logger' | 'eventStore'>) {
    this.projector = createDocumentProjector({
      // the command side's event store is the log: a delivery may be acknowledged before its turn is written
      acknowledgeBeforeWrite: true,
      name: LOOKUP_GROUP,
      projections: LOOKUP_PROJECTIONS,
      bus: infra.bus,
      eventStore: infra.eventStore,
      documentStore: infra.documentStore,
      cipher: infra.cipher,
      logger: infra.logger,
      onError: (error) => infra.logger.error({ err: error, projector: LOOKUP_GROUP }, 'command lookup stopped'),
    });
  }

  start(): Promise<void> {
    return this.projector.start();
  }

  stop(): Promise<void> {
    return this.projector.stop();
  }

  /** replays the lookup from position 0 (with the command service stopped) */
  rebuild(): Promise<void> {
    return this.projector.rebuild(this.infra.eventStore);
  }

  position(): number {
    return this.projector.position();
  }

  /**
   * read-your-writes for the command side: a member registered a moment ago can sign in. The lookup waits for
   * the newest event of the types it applies, not for the log's head: the other writers' events it never
   * looks at (status changes, posts) would only make the command wait for the lookup's next turn.
   */
  catchUp(): Promise<boolean> {
    // once per request: the guard's catch-up stands for the handler's questions (until the request appends)
    return oncePerRequest(this, 'catch-up', async () =>
      this.projector.waitFor(await this.infra.eventStore.headPosition({ types: LOOKUP_EVENT_TYPES }), CATCH_UP_MS),
    );
  }

  /** the appointments (series) in a calendar, once the lookup has seen the log up to `position` */
  async appointmentsInCalendar(calendarId: string, position: number): Promise<string[]> {
    if (!(await this.projector.waitFor(position, FOLLOW_UP_MS))) throw new Error(`the command lookup has not reached position ${position}`);
    const found = await this.infra.documentStore
      .collection<LookupAppointment>(collectionName(lookupAppointmentsProjection))
      .find({ calendar_ids: { $contains: calendarId } });
    return found.map((appointment) => appointment._id);
  }

  /** which of these appointment (series) ids the lookup does not know, caught up with the log */
  async unknownAppointments(ids: readonly string[]): Promise<string[]> {
    await this.catchUp();
    const found = await this.infra.documentStore.collection<LookupAppointment>(collectionName(lookupAppointmentsProjection)).getMany(ids);
    const known = new Set(found.map((appointment) => appointment._id));
    return ids.filter((id) => !known.has(id));
  }

  private get members() {
    return this.infra.documentStore.collection<LookupMember>(collectionName(lookupMembersProjection));
  }

  member(memberId: string): Promise<LookupMember | null> {
    return oncePerRequest(this, `member:${memberId}`, async () => {
      await this.catchUp();
      return this.members.get(memberId);
    });
  }

  /** every member who may sign in (never erased or locked ones), caught up with the log */
  async activeMemberIds(): Promise<string[]> {
    await this.catchUp();
    const members = await this.members.find({ erased: false });
    return members.filter((member) => !member.locked).map((member) => member._id);
  }

  async memberByEmail(email: string): Promise<LookupMember | null> {
    await this.catchUp();
    const [member] = await this.members.find({ email: email.trim().toLowerCase(), erased: false }, { limit: 1 });
    return member ?? null;
  }

  /** the groups the lookup knows (slugs, invites), caught up with the log */
  async groups(filter: { slug: string } | { invite_ids: { $contains: string } }): Promise<LookupGroup[]> {
    await this.catchUp();
    return this.infra.documentStore.collection<LookupGroup>(collectionName(lookupGroupsProjection)).find(filter);
  }

  networkSettings(): Promise<NetworkSettings> {
    return oncePerRequest(this, 'network-settings', async () => {
      await this.catchUp();
      const network = await this.infra.documentStore
        .collection<LookupNetwork>(collectionName(lookupNetworkProjection))
        .get(DEFAULT_NETWORK_ID);
      return network?.settings ?? DEFAULT_NETWORK_SETTINGS;
    });
  }

  /** the network's tags (which exist, which name leads where), caught up with the log */
  async tagCatalogue(): Promise<TagCatalogue> {
    await this.catchUp();
    return (await this.infra.documentStore.collection<LookupTags>(collectionName(lookupTagsProjection)).get(DEFAULT_NETWORK_ID)) ?? emptyTagCatalogue();
  }

  /** the member guard's question (MemberAccess): a registered member, not erased, not locked */
  async activeMember(memberId: string): Promise<(LookupMember & SignedInMember) | null> {
    const member = await this.member(memberId);
    return member && !member.erased && !member.locked ? { ...member, id: member._id } : null;
  }

  /** the member guard's question where two-factor is enforced: the member's factors, folded from their own stream */
  async factorTypes(memberId: string): Promise<TwoFactorType[]> {
    const { state } = await loadState(this.infra.eventStore, twoFactorStream(memberId), twoFactorDecider);
    return Object.values(state.factors).map((factor) => factor.type);
  }

  /** an active member the guard let through (a command of a guarded route); 401 if erased since */
  async issuer(context: CommandContext): Promise<LookupMember> {
    const member = context.memberId ? await this.activeMember(context.memberId) : null;
    if (!member) throw new HttpProblem(401, 'unauthenticated');
    return member;
  }
}
