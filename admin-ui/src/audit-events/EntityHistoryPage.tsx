import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import { Alert, Box, Button, Card, CardContent, Chip, LinearProgress, Link, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { AUDIT_MAX_LIMIT, type AuditEventDto, type AuditEventsResponse } from '@cn/contracts';
import { auditSummary } from './auditSummary';
import { historySteps, type HistoryStep } from './entityHistory';
import { AUDIT_EVENTS_API, auditListPath } from './paths';
import { TimeTravelPanel } from './TimeTravelPanel';
import { browserLocaleOf } from './WhenField';

/** every event of one stream, oldest first, page by page */
const loadStream = async (stream: string): Promise<AuditEventDto[]> => {
  const events: AuditEventDto[] = [];
  let after: number | null = 0;
  while (after !== null) {
    const query = new URLSearchParams({ stream, order: 'asc', limit: String(AUDIT_MAX_LIMIT), after: String(after) });
    const response = await fetch(`${AUDIT_EVENTS_API}?${query.toString()}`, { credentials: 'same-origin' });
    if (!response.ok) throw new Error(String(response.status));
    const page = (await response.json()) as AuditEventsResponse;
    events.push(...page.events);
    after = page.next;
  }
  return events;
};

const Step = ({ step }: { step: HistoryStep }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [travelling, setTravelling] = useState(false);
  return (
    <Box sx={{ mb: 3 }} data-testid="history-step">
      <Typography variant="subtitle1">{auditSummary(step.event, translate)}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {new Date(step.event.when).toLocaleString(browserLocaleOf(locale))} · {step.event.who.name} ·{' '}
        <Link component={RouterLink} to={auditListPath({ correlation: step.event.correlation_id })}>
          {translate('cn.history.same_request')}
        </Link>{' '}
        · <Button size="small" onClick={() => setTravelling((open) => !open)} data-testid="time-travel-open">
          {translate('cn.history.as_of_here')}
        </Button>
      </Typography>
      {travelling && <TimeTravelPanel stream={step.event.stream} position={step.event.position} />}
      {step.changes.length === 0 ? (
        <Typography variant="body2">{translate('cn.history.no_changes')}</Typography>
      ) : (
        <Table size="small" data-testid="history-diff">
          <TableHead>
            <TableRow>
              <TableCell>{translate('cn.history.field')}</TableCell>
              <TableCell>{translate('cn.history.before')}</TableCell>
              <TableCell>{translate('cn.history.after')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {step.changes.map((change) => (
              <TableRow key={change.field}>
                <TableCell sx={{ fontFamily: 'monospace' }}>{change.field}</TableCell>
                <TableCell sx={{ wordBreak: 'break-word', color: 'error.main' }}>
                  {change.before === null ? <Chip size="small" label={translate('cn.history.unset')} /> : <del>{change.before}</del>}
                </TableCell>
                <TableCell sx={{ wordBreak: 'break-word', color: 'success.main' }}>{change.after}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
};

/**
 * One entity's history (its stream): every event oldest first, with the fields it changed against the state
 * the events before it left, who and when, and a link to everything the same request caused.
 */
export const EntityHistoryPage = () => {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const stream = params.get('stream') ?? '';
  const [steps, setSteps] = useState<HistoryStep[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    setSteps(null);
    setFailed(false);
    if (stream === '') return;
    loadStream(stream)
      .then((events) => current && setSteps(historySteps(events)))
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [stream]);

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="cn.history.title" />
      <CardContent>
        <Typography variant="h6" sx={{ mb: 2, wordBreak: 'break-all' }} data-testid="history-stream">
          {translate('cn.history.of', { stream })}
        </Typography>
        {stream !== '' && steps === null && !failed && <LinearProgress />}
        {failed && <Alert severity="error">{translate('cn.history.failed')}</Alert>}
        {steps?.length === 0 && <Alert severity="info">{translate('cn.history.empty')}</Alert>}
        {[...(steps ?? [])].reverse().map((step) => (
          <Step key={step.event.id} step={step} />
        ))}
      </CardContent>
    </Card>
  );
};
