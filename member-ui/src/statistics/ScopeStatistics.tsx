import { STATISTICS_TOPIC } from '@cn/contracts';
import type { QueryKey } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadOf } from '../api/load';
import { LoadStatus } from '../common/LoadStatus';
import type { ScopeAdministrationApi } from '../navigation/scope-administration-api';
import { useLiveTopic } from '../realtime/LiveQueries';

const DAY_MS = 86_400_000;
const isoDay = (time: number): string => new Date(time).toISOString().slice(0, 10);

/**
 * A scope's statistics per day in a date range (the server's rules: at most 366 days). `queryKey` places the
 * reads where the scope's live changes invalidate them (a group change, and the statistics pushed to the
 * members whose open page watches them: the per-day activity, actions and active members); `membersLabel` names the members column (a category
 * counts memberships). `testId` prefixes the test ids (`group`, `category`).
 */
export const ScopeStatistics = ({ calls, queryKey, title, membersLabel, testId }: { calls: ScopeAdministrationApi; queryKey: (from: string, to: string) => QueryKey; title: string; membersLabel: string; testId: string }) => {
  const { t } = useTranslation();
  useLiveTopic(STATISTICS_TOPIC);
  const [range, setRange] = useState(() => ({ from: isoDay(Date.now() - 29 * DAY_MS), to: isoDay(Date.now()) }));
  const statistics = useQuery({ queryKey: queryKey(range.from, range.to), queryFn: () => calls.statistics(range.from, range.to) });
  const load = loadOf(statistics);
  const largest = load.phase === 'loaded' ? Math.max(1, ...load.data.days.map((day) => day.events)) : 1;
  const labels = { date: 'group_category_administration.statistics.date', members: membersLabel, active_members: 'group_category_administration.statistics.active_members', events: 'group_category_administration.statistics.events', commands: 'group_category_administration.statistics.commands' } as const;
  return (
    <div data-testid={`${testId}-statistics`}>
      <h2>{t(title)}</h2>
      <p className="field field--inline">
        <label>
          {t('group_category_administration.statistics.from')} <input type="date" value={range.from} max={range.to} onChange={(event) => event.target.value && setRange({ ...range, from: event.target.value })} />
        </label>
        <label>
          {t('group_category_administration.statistics.to')} <input type="date" value={range.to} min={range.from} onChange={(event) => event.target.value && setRange({ ...range, to: event.target.value })} />
        </label>
      </p>
      <LoadStatus load={load} onRetry={() => void statistics.refetch()} testId={`${testId}-statistics-load`} />
      {load.phase === 'loaded' ? (
        <table className="data-table">
          <thead>
            <tr>
              {(['date', 'members', 'active_members', 'events', 'commands'] as const).map((column) => (
                <th key={column}>{t(labels[column])}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {load.data.days.map((day) => (
              <tr key={day.date} data-testid={`${testId}-statistics-${day.date}`}>
                <td>{day.date}</td>
                <td>{day.members}</td>
                <td>{day.active_members}</td>
                <td>
                  {/* a bar per day: the activity at a glance */}
                  <span aria-hidden="true" style={{ display: 'inline-block', height: '0.6rem', width: `${(day.events / largest) * 6}rem`, background: 'currentColor', marginRight: '0.4rem' }} />
                  {day.events}
                </td>
                <td>{day.commands}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
};
