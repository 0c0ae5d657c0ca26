import type { StatisticsDay } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import type { DocumentStore } from '@cn/platform';
import { statisticsProjection, type StatisticsActiveDocument, type StatisticsDayDocument } from './statistics.projection';

const DAY_MS = 86_400_000;
export const isoDay = (time: number): string => new Date(time).toISOString().slice(0, 10);

/** every UTC day from `from` to `to`, both included */
const daysBetween = (from: string, to: string): string[] => {
  const days: string[] = [];
  for (let time = Date.parse(`${from}T00:00:00Z`); time <= Date.parse(`${to}T00:00:00Z`); time += DAY_MS) days.push(isoDay(time));
  return days;
};

/** the days' shares (queried by `scope`: the active members' documents have none) */
export const statisticsCollection = (store: DocumentStore) => store.collection<StatisticsDayDocument>(collectionName(statisticsProjection));
/** the active members' documents, in the same collection (queried by `active_scope`) */
const activeMembersCollection = (store: DocumentStore) => store.collection<StatisticsActiveDocument>(collectionName(statisticsProjection));

/**
 * The days of the scopes from `from` to `to`, with the member count carried from every day before. A day is
 * the sum of its documents: one share per bus partition of each scope (`statistics.projection.ts`), and
 * several scopes (a category's groups) alike: counts added, members as memberships, active members distinct.
 */
export const statisticsDays = async (store: DocumentStore, scopes: readonly string[], from: string, to: string): Promise<StatisticsDay[]> => {
  const shares = scopes.length === 0 ? [] : await statisticsCollection(store).find({ scope: { $in: scopes }, date: { $lte: to } }, { sort: [['date', 1]] });
  const actives = scopes.length === 0 ? [] : await activeMembersCollection(store).find({ active_scope: { $in: scopes }, date: { $gte: from, $lte: to } });
  const activeByDate = new Map<string, Set<string>>();
  for (const { date, member_id } of actives) {
    let members = activeByDate.get(date);
    if (!members) {
      members = new Set();
      activeByDate.set(date, members);
    }
    members.add(member_id);
  }
  let members = 0;
  const byDate = new Map<string, StatisticsDayDocument[]>();
  for (const share of shares) {
    if (share.date < from) members += share.joined - share.left;
    else byDate.set(share.date, [...(byDate.get(share.date) ?? []), share]);
  }
  return daysBetween(from, to).map((date) => {
    const ofDay = byDate.get(date) ?? [];
    const sum = (count: (share: StatisticsDayDocument) => number): number => ofDay.reduce((total, share) => total + count(share), 0);
    members += sum((share) => share.joined - share.left);
    return { date, members, active_members: activeByDate.get(date)?.size ?? 0, events: sum((share) => share.events), commands: sum((share) => share.commands) };
  });
};
