import type { StatisticsDay } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import type { DocumentStore } from '@cn/platform';
import { statisticsProjection, type StatisticsDayDocument } from './statistics.projection';

const DAY_MS = 86_400_000;
export const isoDay = (time: number): string => new Date(time).toISOString().slice(0, 10);

/** every UTC day from `from` to `to`, both included */
const daysBetween = (from: string, to: string): string[] => {
  const days: string[] = [];
  for (let time = Date.parse(`${from}T00:00:00Z`); time <= Date.parse(`${to}T00:00:00Z`); time += DAY_MS) days.push(isoDay(time));
  return days;
};

export const statisticsCollection = (store: DocumentStore) => store.collection<StatisticsDayDocument>(collectionName(statisticsProjection));

/**
 * The days of the scopes from `from` to `to`, with the member count carried from every day before. A day is
 * the sum of its documents: one share per bus partition of each scope (`statistics.projection.ts`), and
 * several scopes (a category's groups) alike: counts added, members as memberships, active members distinct.
 */
export const statisticsDays = async (store: DocumentStore, scopes: readonly string[], from: string, to: string): Promise<StatisticsDay[]> => {
  const shares = scopes.length === 0 ? [] : await statisticsCollection(store).find({ scope: { $in: scopes }, date: { $lte: to } }, { sort: [['date', 1]] });
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
    const active = new Set(ofDay.flatMap((share) => share.active_member_ids)).size;
    return { date, members, active_members: active, events: sum((share) => share.events), commands: sum((share) => share.commands) };
  });
};
