import { mayCall } from '@cn/contracts';
import type { DocumentStore } from '@cn/platform';
import { membersCollection } from '../members/members.read';
import { loadNetwork } from '../network/network.read';

/**
 * The members among `memberIds` whom the network's auditor routes admit (auditors and network
 * administrators, by the routes' own rule `mayCall('auditor')`): who may be told of the network's
 * statistics and its read models' rebuilds.
 */
export const auditorsAmong = async (store: DocumentStore, memberIds: readonly string[]): Promise<string[]> => {
  if (memberIds.length === 0) return [];
  const { settings } = await loadNetwork(store);
  const members = await membersCollection(store).getMany([...memberIds]);
  return members.filter((member) => !member.deleted && mayCall('auditor', member.roles, settings)).map((member) => member._id);
};
