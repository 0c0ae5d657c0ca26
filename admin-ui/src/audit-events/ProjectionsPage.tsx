import { useEffect, useRef, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Alert, Box, Card, CardContent, Chip, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { ProjectionStatusDto } from '@cn/contracts';

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

/** Each read model's position against the history's head, its lag, its rate and whether it stopped. */
export const ProjectionsPage = () => {
  const translate = useTranslate();
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
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
};
