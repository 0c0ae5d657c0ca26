import { Alert, Box, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Loading, Title, useGetOne, useTranslate } from 'react-admin';
import { NETWORK_STATISTICS_ID, NETWORK_STATISTICS_TOPIC, STATISTICS_COLLECTION, STATISTICS_DEFAULT_DAYS } from '@cn/contracts';
import { useLiveChanges } from '../api/useLiveChanges';
import { LineChart } from './charts';
import { statisticsId, type StatisticsRecord } from './statistics-data-provider';

const DAY_MS = 86_400_000;
const isoDay = (time: number): string => new Date(time).toISOString().slice(0, 10);

/**
 * Members, active members, events and commands per day over a date range (the last 30 days at first). The
 * server pushes a change of the network's days to this page (its topic; auditors and administrators only),
 * and the range is read again: new members and posts show without a reload.
 */
export const StatisticsPage = () => {
  const translate = useTranslate();
  const [to, setTo] = useState(() => isoDay(Date.now()));
  const [from, setFrom] = useState(() => isoDay(Date.now() - (STATISTICS_DEFAULT_DAYS - 1) * DAY_MS));
  const { data, isPending, error, refetch } = useGetOne<StatisticsRecord>('statistics', { id: statisticsId(from, to) }, { enabled: from !== '' && to !== '' });
  useLiveChanges(STATISTICS_COLLECTION, NETWORK_STATISTICS_ID, () => void refetch(), NETWORK_STATISTICS_TOPIC);
  const dates = data?.days.map((day) => day.date) ?? [];
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="cn.menu.statistics" />
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ mb: 3 }}>
          <TextField type="date" label={translate('resources.statistics.from')} value={from} onChange={(event) => setFrom(event.target.value)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'statistics-from' } }} />
          <TextField type="date" label={translate('resources.statistics.to')} value={to} onChange={(event) => setTo(event.target.value)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'statistics-to' } }} />
        </Stack>
        {isPending ? <Loading /> : null}
        {error ? <Alert severity="error">{translate('resources.statistics.invalid_range')}</Alert> : null}
        {data ? (
          <Box>
            <LineChart
              title="resources.statistics.members_chart"
              dates={dates}
              testId="chart-members"
              series={[
                { label: 'resources.statistics.members', color: '#2e6b68', values: data.days.map((day) => day.members) },
                { label: 'resources.statistics.active_members', color: '#d08a1e', values: data.days.map((day) => day.active_members) },
              ]}
            />
            <LineChart
              title="resources.statistics.activity_chart"
              dates={dates}
              testId="chart-activity"
              series={[
                { label: 'resources.statistics.events', color: '#4a5fc1', values: data.days.map((day) => day.events) },
                { label: 'resources.statistics.commands', color: '#b8405e', values: data.days.map((day) => day.commands) },
              ]}
            />
            <Typography variant="body2" color="text.secondary">
              {data.storage_bytes === null ? translate('resources.statistics.storage_unknown') : translate('resources.statistics.storage', { bytes: data.storage_bytes })}
            </Typography>
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
};
