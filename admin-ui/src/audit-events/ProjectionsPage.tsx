import { useCallback, useEffect, useRef, useState } from 'react';
import { Title, useDataProvider, useNotify, usePermissions, useTranslate } from 'react-admin';
import { Alert, Box, Button, Card, CardContent, Chip, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import {
  PROJECTION_REBUILDS_COLLECTION,
  SEARCH_INDEX_FEATURES,
  searchIndexRebuildTarget,
  type ProjectionRebuildDto,
  type ProjectionStatusDto,
  type SearchIndexSwitchDto,
} from '@cn/contracts';
import type { Permissions } from '../api/authProvider';
import { useLiveChanges } from '../api/useLiveChanges';
import type { ProjectionRebuildCommands } from './audit-events-data-provider';

export const PROJECTIONS_API = '/api/v1/audit/projections';
const POLL_MS = 2000;

interface Row extends ProjectionStatusDto {
  /** events per second since the previous poll; null on the first */
  rate: number | null;
}

const keyOf = (model: ProjectionStatusDto): string => `${model.projector}/${model.collection}`;

/** the rates between two polls: how far each read model moved per second */
export const withRates = (previous: Map<string, { position: number; at: number }>, models: readonly ProjectionStatusDto[], at: number): Row[] =>
  models.map((model) => {
    const before = previous.get(keyOf(model));
    const seconds = before ? (at - before.at) / 1000 : 0;
    return { ...model, rate: before && seconds > 0 ? Math.max(0, Math.round((model.position - before.position) / seconds)) : null };
  });

/** how far a rebuild's new version has replayed the history, in percent */
export const rebuildPercent = (rebuild: Pick<ProjectionRebuildDto, 'state' | 'position' | 'head'>): number =>
  rebuild.state === 'switched' || rebuild.head <= 0 ? 100 : Math.min(100, Math.round((rebuild.position / rebuild.head) * 100));

/** the running rebuild of a read model, if any */
export const runningRebuildOf = (rebuilds: readonly ProjectionRebuildDto[], collection: string): ProjectionRebuildDto | undefined =>
  rebuilds.find((rebuild) => rebuild.collection === collection && rebuild.state === 'rebuilding');

/**
 * The blue/green rebuilds: network administrators start one per read model (its new version is replayed
 * beside the live one, which keeps serving, and switched in once caught up); everyone on the page sees
 * each rebuild's progress, pushed after every replayed batch (a search index's too: the search indexer's
 * progress reaches the realtime channel through the log), and reads the list again on each push.
 */
const useRebuilds = () => {
  const dataProvider = useDataProvider<ReturnType<typeof useDataProvider> & ProjectionRebuildCommands>();
  const [rebuilds, setRebuilds] = useState<ProjectionRebuildDto[]>([]);
  const [switches, setSwitches] = useState<SearchIndexSwitchDto[]>([]);
  // a search rebuild's switch is recorded before its end is pushed: each push reads both again
  const load = useCallback(() => {
    dataProvider.projectionRebuilds('audit-events').then(setRebuilds, () => undefined);
    dataProvider.searchIndexSwitches('audit-events').then(setSwitches, () => undefined);
  }, [dataProvider]);
  useEffect(load, [load]);
  useLiveChanges(PROJECTION_REBUILDS_COLLECTION, undefined, load);
  return { rebuilds, switches, load, dataProvider };
};

const RebuildsTable = ({ rebuilds }: { rebuilds: readonly ProjectionRebuildDto[] }) => {
  const translate = useTranslate();
  if (rebuilds.length === 0) return null;
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="h6">{translate('cn.projections.rebuilds')}</Typography>
      <Table size="small" data-testid="projection-rebuilds">
        <TableHead>
          <TableRow>
            <TableCell>{translate('cn.projections.read_model')}</TableCell>
            <TableCell>{translate('cn.projections.requested_at')}</TableCell>
            <TableCell>{translate('cn.projections.progress')}</TableCell>
            <TableCell>{translate('cn.projections.state')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rebuilds.map((rebuild) => (
            <TableRow key={rebuild.id} data-testid="projection-rebuild-row">
              <TableCell>{rebuild.collection}</TableCell>
              <TableCell>{new Date(rebuild.requested_at).toLocaleString()}</TableCell>
              <TableCell sx={{ minWidth: 180 }}>
                {rebuild.position} / {rebuild.head}
                <Box sx={{ mt: 0.5 }}>
                  <LinearProgress variant="determinate" value={rebuildPercent(rebuild)} aria-label={translate('cn.projections.progress')} />
                </Box>
              </TableCell>
              <TableCell>
                <Chip
                  size="small"
                  color={rebuild.state === 'switched' ? 'success' : rebuild.state === 'rebuilding' ? 'info' : 'error'}
                  label={translate(`cn.projections.rebuild_states.${rebuild.state}`)}
                  title={rebuild.error ?? undefined}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
};

const SWITCH_COLORS: Record<SearchIndexSwitchDto['outcome'], 'success' | 'info' | 'warning' | 'error'> = {
  running: 'info',
  switched: 'success',
  abandoned: 'warning',
  failed: 'error',
};

/** Every switch of rebuilt search indexes (the search indexer keeps each one, not only the last). */
const SearchSwitchesTable = ({ switches }: { switches: readonly SearchIndexSwitchDto[] }) => {
  const translate = useTranslate();
  if (switches.length === 0) return null;
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="h6">{translate('cn.projections.search_switches')}</Typography>
      <Table size="small" data-testid="search-switches">
        <TableHead>
          <TableRow>
            <TableCell>{translate('cn.projections.search_index')}</TableCell>
            <TableCell>{translate('cn.projections.switch_indexes')}</TableCell>
            <TableCell>{translate('cn.projections.switch_cut')}</TableCell>
            <TableCell>{translate('cn.projections.switch_owner')}</TableCell>
            <TableCell>{translate('cn.projections.switch_started')}</TableCell>
            <TableCell>{translate('cn.projections.switch_finished')}</TableCell>
            <TableCell>{translate('cn.projections.switch_duration')}</TableCell>
            <TableCell>{translate('cn.projections.switch_replayed')}</TableCell>
            <TableCell>{translate('cn.projections.state')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {switches.map((entry) => (
            <TableRow key={entry.id} data-testid="search-switch-row">
              <TableCell>{entry.feature}</TableCell>
              <TableCell>
                {entry.indexes.map((index) => (
                  <div key={index.live}>
                    {index.live} ← {index.rebuilt}
                  </div>
                ))}
              </TableCell>
              <TableCell>{entry.position > 0 ? entry.position : '–'}</TableCell>
              <TableCell>{entry.owner}</TableCell>
              <TableCell>{new Date(entry.started_at).toLocaleString()}</TableCell>
              <TableCell>{entry.finished_at ? new Date(entry.finished_at).toLocaleString() : '–'}</TableCell>
              <TableCell>{entry.duration_ms === null ? '–' : translate('cn.projections.switch_seconds', { seconds: (entry.duration_ms / 1000).toFixed(1) })}</TableCell>
              <TableCell>{entry.events_replayed}</TableCell>
              <TableCell>
                <Chip size="small" color={SWITCH_COLORS[entry.outcome]} label={translate(`cn.projections.switch_outcomes.${entry.outcome}`)} title={entry.error ?? undefined} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
};

/** the refusal the console names (409): another rebuild runs */
const REFUSALS = ['rebuild_running'];

/** The search side's indexes, per feature: rebuilt from the history beside the live ones, then swapped in. */
const SearchIndexesTable = ({ rebuilds, mayRebuild, rebuild }: { rebuilds: readonly ProjectionRebuildDto[]; mayRebuild: boolean; rebuild: (target: string) => void }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="h6">{translate('cn.projections.search_indexes')}</Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {translate('cn.projections.search_explanation')}
      </Typography>
      <Table size="small" data-testid="search-indexes">
        <TableHead>
          <TableRow>
            <TableCell>{translate('cn.projections.search_index')}</TableCell>
            <TableCell>{translate('cn.projections.state')}</TableCell>
            {mayRebuild && <TableCell />}
          </TableRow>
        </TableHead>
        <TableBody>
          {SEARCH_INDEX_FEATURES.map((feature) => {
            const target = searchIndexRebuildTarget(feature);
            const running = runningRebuildOf(rebuilds, target);
            return (
              <TableRow key={feature} data-testid="search-index-row">
                <TableCell>{feature}</TableCell>
                <TableCell sx={{ minWidth: 180 }}>
                  {running ? (
                    <>
                      {running.position} / {running.head}
                      <LinearProgress variant="determinate" value={rebuildPercent(running)} aria-label={translate('cn.projections.progress')} />
                    </>
                  ) : (
                    <Chip size="small" color="success" label={translate('cn.projections.current')} />
                  )}
                </TableCell>
                {mayRebuild && (
                  <TableCell>
                    <Button size="small" disabled={running !== undefined} onClick={() => rebuild(target)}>
                      {translate('cn.projections.rebuild')}
                    </Button>
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
};

/** Each read model's position against the history's head, its lag, its rate and whether it stopped. */
export const ProjectionsPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const { permissions } = usePermissions<Permissions | null>();
  const mayRebuild = permissions?.administrate === true;
  const { rebuilds, switches, load, dataProvider } = useRebuilds();
  const rebuild = (collection: string) => {
    dataProvider.rebuildProjection('audit-events', { collection }).then(
      () => {
        notify('cn.projections.rebuild_started', { type: 'info', messageArgs: { name: collection } });
        load();
      },
      (error: unknown) => {
        const key = (error as { body?: { error?: unknown } }).body?.error;
        notify(typeof key === 'string' && REFUSALS.includes(key) ? `cn.errors.${key}` : 'cn.projections.rebuild_failed', { type: 'error' });
        load();
      },
    );
  };
  const [rows, setRows] = useState<Row[] | null>(null);
  const [failed, setFailed] = useState(false);
  const samples = useRef(new Map<string, { position: number; at: number }>());

  useEffect(() => {
    let current = true;
    const poll = async (): Promise<void> => {
      try {
        const response = await fetch(PROJECTIONS_API, { credentials: 'same-origin' });
        if (!response.ok) throw new Error(String(response.status));
        const models = (await response.json()) as ProjectionStatusDto[];
        const at = Date.now();
        if (!current) return;
        setRows(withRates(samples.current, models, at));
        samples.current = new Map(models.map((model) => [keyOf(model), { position: model.position, at }]));
        setFailed(false);
      } catch {
        if (current) setFailed(true);
      }
    };
    void poll();
    const timer = setInterval(() => void poll(), POLL_MS);
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, []);

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="cn.projections.title" />
      <CardContent>
        <Typography variant="body1" sx={{ mb: 2 }}>
          {translate('cn.projections.explanation')}
        </Typography>
        {failed && <Alert severity="error">{translate('cn.projections.failed')}</Alert>}
        {rows === null && !failed && <LinearProgress />}
        {rows && (
          <Table size="small" data-testid="projections">
            <TableHead>
              <TableRow>
                <TableCell>{translate('cn.projections.read_model')}</TableCell>
                <TableCell>{translate('cn.projections.position')}</TableCell>
                <TableCell>{translate('cn.projections.lag')}</TableCell>
                <TableCell>{translate('cn.projections.rate')}</TableCell>
                <TableCell>{translate('cn.projections.state')}</TableCell>
                {mayRebuild && <TableCell />}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={keyOf(row)} data-testid="projection-row">
                  <TableCell>{row.name}</TableCell>
                  <TableCell sx={{ minWidth: 160 }}>
                    {row.position} / {row.head}
                    <Box sx={{ mt: 0.5 }}>
                      <LinearProgress variant="determinate" value={row.head > 0 ? Math.min(100, (row.position / row.head) * 100) : 100} />
                    </Box>
                  </TableCell>
                  <TableCell>{row.lag}</TableCell>
                  <TableCell>{row.rate === null ? '–' : translate('cn.projections.per_second', { rate: row.rate })}</TableCell>
                  <TableCell>
                    {row.failing ? (
                      <Chip size="small" color="error" label={translate('cn.projections.failing')} />
                    ) : (
                      <Chip size="small" color={row.lag === 0 ? 'success' : 'warning'} label={translate(row.lag === 0 ? 'cn.projections.current' : 'cn.projections.catching_up')} />
                    )}
                  </TableCell>
                  {mayRebuild && (
                    <TableCell>
                      <Button size="small" disabled={runningRebuildOf(rebuilds, row.collection) !== undefined} onClick={() => rebuild(row.collection)}>
                        {translate('cn.projections.rebuild')}
                      </Button>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <SearchIndexesTable rebuilds={rebuilds} mayRebuild={mayRebuild} rebuild={rebuild} />
        <SearchSwitchesTable switches={switches} />
        <RebuildsTable rebuilds={rebuilds} />
      </CardContent>
    </Card>
  );
};
