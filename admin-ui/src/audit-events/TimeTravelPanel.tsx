import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Box, Button, Grid, LinearProgress, MenuItem, TextField, Typography } from '@mui/material';
import type { ProjectionStatusDto, TimeTravelDto } from '@cn/contracts';
import { PROJECTIONS_API } from './ProjectionsPage';

export const TIME_TRAVEL_API = '/api/v1/audit/time-travel';

/** `appointment-1b9…` → the entity's id and the read models named like its kind first */
export const guessOf = (stream: string, names: readonly string[]): { id: string; readModel: string } => {
  const dash = stream.indexOf('-');
  const kind = dash > 0 ? stream.slice(0, dash) : stream;
  return { id: dash > 0 ? stream.slice(dash + 1) : stream, readModel: names.find((name) => name.startsWith(kind)) ?? names[0] ?? '' };
};

const Json = ({ value, testId }: { value: unknown; testId: string }) => (
  <Box component="pre" data-testid={testId} sx={{ m: 0, p: 1, bgcolor: 'grey.100', fontSize: 12, overflowX: 'auto', whiteSpace: 'pre-wrap' }}>
    {JSON.stringify(value, null, 2)}
  </Box>
);

/** A read model's document as it stood after the chosen event, rebuilt from the history, beside today's. */
export const TimeTravelPanel = ({ stream, position }: { stream: string; position: number }) => {
  const translate = useTranslate();
  const [names, setNames] = useState<string[]>([]);
  const [readModel, setReadModel] = useState('');
  const [id, setId] = useState('');
  const [answer, setAnswer] = useState<TimeTravelDto | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    void fetch(PROJECTIONS_API, { credentials: 'same-origin' })
      .then((response) => (response.ok ? (response.json() as Promise<ProjectionStatusDto[]>) : []))
      .then((models) => {
        if (!current) return;
        const all = [...new Set(models.map((model) => model.name))].sort();
        const guess = guessOf(stream, all);
        setNames(all);
        setReadModel(guess.readModel);
        setId(guess.id);
      });
    return () => {
      current = false;
    };
  }, [stream]);

  const travel = async (): Promise<void> => {
    setBusy(true);
    setFailed(false);
    try {
      const query = new URLSearchParams({ read_model: readModel, id, position: String(position) });
      const response = await fetch(`${TIME_TRAVEL_API}?${query.toString()}`, { credentials: 'same-origin' });
      if (!response.ok) throw new Error(String(response.status));
      setAnswer((await response.json()) as TimeTravelDto);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ mt: 1, p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }} data-testid="time-travel">
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField select size="small" label={translate('cn.history.read_model')} value={readModel} onChange={(event) => setReadModel(event.target.value)} sx={{ minWidth: 200 }}>
          {names.map((name) => (
            <MenuItem key={name} value={name}>
              {name}
            </MenuItem>
          ))}
        </TextField>
        <TextField size="small" label={translate('cn.history.document_id')} value={id} onChange={(event) => setId(event.target.value)} sx={{ minWidth: 320 }} />
        <Button variant="contained" size="small" disabled={busy || readModel === '' || id === ''} onClick={() => void travel()} data-testid="time-travel-go">
          {translate('cn.history.rebuild')}
        </Button>
      </Box>
      {busy && <LinearProgress sx={{ mt: 2 }} />}
      {failed && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {translate('cn.history.travel_failed')}
        </Alert>
      )}
      {answer && (
        <Grid container spacing={2} sx={{ mt: 1 }}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Typography variant="subtitle2">{translate('cn.history.then', { position: answer.position })}</Typography>
            <Json value={answer.then} testId="time-travel-then" />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Typography variant="subtitle2">{translate('cn.history.now')}</Typography>
            <Json value={answer.now} testId="time-travel-now" />
          </Grid>
        </Grid>
      )}
    </Box>
  );
};
