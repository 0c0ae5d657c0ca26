import { MEMBERS_TOPIC } from '@cn/contracts';
import { type DocumentStore } from '@cn/platform';
import { collectionName } from '@cn/domain';
import type { ChangePublisher } from '../realtime/change-publisher';
import { connectedMembers } from '../realtime/connections';
import type { RealtimeHub, RealtimeMessage } from '../realtime/realtime-hub';
import { loadNetwork } from '../network/network.read';
import { toMemberDto } from './member-dto';
import { membersProjection, type MemberDocument } from './members.projection';
import { membersCollection } from './members.read';

/**
 * Pushes a member's document as each viewer sees it to the consoles that show other members (their open
 * pages watch `members`: the directory, a profile, the map) and to the member's own consoles: an
 * invisible member looks offline to others, a member without an open console is offline, and nobody but
 * the member sees presence when the network disables it. Pushed on every change of the member's document
 * and whenever they come online or go offline; a console on another page hears nothing of it, so a console
 * connecting costs a message to each watching console, not to every open one. What others see is
 * remembered so that a change invisible to them (an invisible member's text) is not pushed.
 */
export const memberChangePublisher = (store: DocumentStore, clock: () => Date): ChangePublisher => {
  const seenByOthers = new Map<string, string>();
  /** nobody to tell: neither the member's own console nor a page showing members is open */
  const nobodyListens = (memberId: string, hub: RealtimeHub): boolean => {
    if (hub.isConnected(memberId) || hub.watching(MEMBERS_TOPIC).length > 0) return false;
    // what others saw is unknown from now on: the next change is news to whoever watches then
    seenByOthers.delete(memberId);
    return true;
  };
  const publish = async (doc: MemberDocument, hub: RealtimeHub): Promise<void> => {
    if (nobodyListens(doc._id, hub)) return;
    const [{ settings }, connected] = await Promise.all([loadNetwork(store), connectedMembers(store, [doc._id], clock())]);
    const showOnlineStatus = settings.member.show_online_status;
    const view = { showOnlineStatus, connected: connected.has(doc._id), today: clock().toISOString().slice(0, 10), changeRequests: settings.member.change_requests };
    const fingerprint = JSON.stringify(toMemberDto(doc, { ...view, viewerId: null }));
    const othersChanged = seenByOthers.get(doc._id) !== fingerprint;
    seenByOthers.set(doc._id, fingerprint);
    const own = hub.isConnected(doc._id) ? [doc._id] : [];
    const viewerIds = othersChanged ? [...new Set([...hub.watching(MEMBERS_TOPIC), ...own])] : own;
    if (viewerIds.length === 0) return;
    // the viewers' roles in one read of those fields alone; what another member sees of the member depends only on the
    // viewer's roles (the email and `can`), so each distinct set of roles gets one message, built and
    // serialized once for all its viewers' sockets
    const messages = new Map<string, RealtimeMessage>();
    for (const viewer of await membersCollection(store).pick(viewerIds, ['deleted', 'roles'])) {
      if (viewer.deleted || !hub.isConnected(viewer._id)) continue;
      const seenAs = viewer._id === doc._id ? 'own' : JSON.stringify(viewer.roles);
      let message = messages.get(seenAs);
      if (!message) {
        const dto = toMemberDto(doc, { ...view, viewerId: viewer._id, includeEmail: viewer.roles.network_admin, viewer: { id: viewer._id, roles: viewer.roles } });
        message = { type: 'changed', collection: 'members', id: doc._id, doc: dto };
        messages.set(seenAs, message);
      }
      // the member's own consoles all follow their session; another viewer's only where a page shows members
      if (viewer._id === doc._id) hub.publishTo(viewer._id, message);
      else hub.publishToWatchingOf(MEMBERS_TOPIC, viewer._id, message);
    }
  };
  return {
    collection: collectionName(membersProjection),
    publish: (change, hub) => (change.doc === null ? Promise.resolve() : publish(change.doc as MemberDocument, hub)),
    presenceChanged: async (memberId, hub) => {
      if (nobodyListens(memberId, hub)) return;
      const doc = await membersCollection(store).get(memberId);
      if (doc) await publish(doc, hub);
    },
  };
};
