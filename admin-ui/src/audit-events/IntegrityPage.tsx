import { useEffect, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Alert, Box, Button, Card, CardContent, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { ChainHeadSignaturesResponse, IntegrityLine, SignedChainHead } from '@cn/contracts';

export const INTEGRITY_API = '/api/v1/audit/integrity';
export const CHAIN_HEAD_API = '/api/v1/audit/integrity/head';
export const SIGNATURES_API = '/api/v1/audit/integrity/signatures';

type Outcome = Extract<IntegrityLine, { type: 'result' }>;
type RowsOutcome = Extract<IntegrityLine, { type: 'read_model' }>;

/** Reads the NDJSON lines of the verification as they come, telling each to `onLine`. */
const readLines = async (response: Response, onLine: (line: IntegrityLine) => void): Promise<void> => {
  const reader = response.body?.getReader();
  if (!reader) throw new Error('no body');
  const decoder = new TextDecoder();
  let pending = '';
  for (;;) {
    const { done, value } = await reader.read();
    pending += decoder.decode(value, { stream: !done });
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) if (line.trim() !== '') onLine(JSON.parse(line) as IntegrityLine);
    if (done) break;
  }
  if (pending.trim() !== '') onLine(JSON.parse(pending) as IntegrityLine);
};

/** the signed head as a file to keep outside the system */
const downloadHead = (head: SignedChainHead): void => {
  const url = URL.createObjectURL(new Blob([`${JSON.stringify(head, null, 2)}\n`], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `chain-head-${head.position}.json`;
  link.click();
  URL.revokeObjectURL(url);
};

/** The chain's newest link signed with the network's key: shown, and downloaded as a file to keep. */
const SignedHead = () => {
  const translate = useTranslate();
  const [head, setHead] = useState<SignedChainHead | null>(null);
  const [failed, setFailed] = useState(false);
  const sign = async (): Promise<void> => {
    setFailed(false);
    try {
      const response = await fetch(CHAIN_HEAD_API, { credentials: 'same-origin' });
      if (!response.ok) throw new Error(String(response.status));
      const signed = (await response.json()) as SignedChainHead;
      setHead(signed);
      if (signed.available) downloadHead(signed);
    } catch {
      setFailed(true);
    }
  };
  return (
    <Box sx={{ mt: 4 }}>
      <Typography variant="h6">{translate('cn.integrity.signed_title')}</Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {translate('cn.integrity.signed_explanation')}
      </Typography>
      <Button variant="outlined" onClick={() => void sign()} data-testid="sign-head">
        {translate('cn.integrity.sign')}
      </Button>
      {failed && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {translate('cn.integrity.failed')}
        </Alert>
      )}
      {head && !head.available && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {translate('cn.integrity.unavailable')}
        </Alert>
      )}
      {head?.available && (
        <Alert severity="success" sx={{ mt: 2 }} data-testid="signed-head">
          {translate('cn.integrity.signed', { position: head.position, at: head.signed_at })}
          <Box component="code" sx={{ display: 'block', mt: 1, wordBreak: 'break-all' }}>
            {head.hash}
          </Box>
          <Box component="code" sx={{ display: 'block', mt: 1, wordBreak: 'break-all', fontSize: 11 }}>
            {head.signature}
          </Box>
        </Alert>
      )}
    </Box>
  );
};

/** The heads signed on the schedule, newest first, with when the next is due and a download of all of them. */
const ScheduledSignatures = () => {
  const translate = useTranslate();
  const [answer, setAnswer] = useState<ChainHeadSignaturesResponse | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    fetch(SIGNATURES_API, { credentials: 'same-origin' })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        const body = (await response.json()) as ChainHeadSignaturesResponse;
        if (current) setAnswer(body);
      })
      .catch(() => {
        if (current) setFailed(true);
      });
    return () => {
      current = false;
    };
  }, []);
  return (
    <Box sx={{ mt: 4 }} data-testid="scheduled-signatures">
      <Typography variant="h6">{translate('cn.integrity.scheduled_title')}</Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {answer?.next_due_at ? translate('cn.integrity.scheduled_next', { at: answer.next_due_at }) : translate('cn.integrity.scheduled_off')}
      </Typography>
      {failed && <Alert severity="error">{translate('cn.integrity.failed')}</Alert>}
      {answer && answer.signatures.length === 0 && <Typography variant="body2">{translate('cn.integrity.scheduled_none')}</Typography>}
      {answer && answer.signatures.length > 0 && (
        <>
          <Button variant="outlined" href={`${SIGNATURES_API}/export`} download="chain-head-signatures.ndjson" sx={{ mb: 1 }}>
            {translate('cn.integrity.scheduled_export')}
          </Button>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('cn.integrity.scheduled_at')}</TableCell>
                <TableCell>{translate('cn.integrity.scheduled_position')}</TableCell>
                <TableCell>{translate('cn.integrity.scheduled_hash')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {answer.signatures.slice(0, 20).map((signature) => (
                <TableRow key={`${signature.signed_at}/${signature.position}`}>
                  <TableCell>{signature.signed_at}</TableCell>
                  <TableCell>{signature.position}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{signature.hash}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </Box>
  );
};

/**
 * The history's integrity: walks the hash chain with a progress bar and shows the head to keep outside
 * the system (to compare with a later run), or the first event that was altered or removed.
 */
export const IntegrityPage = () => {
  const translate = useTranslate();
  const [progress, setProgress] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [rows, setRows] = useState<RowsOutcome | null>(null);
  const [failed, setFailed] = useState(false);

  const verify = async (): Promise<void> => {
    setOutcome(null);
    setRows(null);
    setFailed(false);
    setProgress(0);
    try {
      const response = await fetch(INTEGRITY_API, { credentials: 'same-origin', headers: { accept: 'application/x-ndjson' } });
      if (!response.ok) throw new Error(String(response.status));
      await readLines(response, (line) => {
        if (line.type === 'progress') setProgress(line.head > 0 ? Math.round((line.checked / line.head) * 100) : 100);
        else if (line.type === 'result') setOutcome(line);
        else setRows(line);
      });
    } catch {
      setFailed(true);
    } finally {
      setProgress(null);
    }
  };

  return (
    <Card sx={{ mt: 2 }}>
      <Title title="cn.integrity.title" />
      <CardContent>
        <Typography variant="body1" sx={{ mb: 2 }}>
          {translate('cn.integrity.explanation')}
        </Typography>
        <Button variant="contained" onClick={() => void verify()} disabled={progress !== null} data-testid="verify-integrity">
          {translate('cn.integrity.verify')}
        </Button>
        {progress !== null && (
          <Box sx={{ mt: 2 }}>
            <LinearProgress variant="determinate" value={progress} aria-label={translate('cn.integrity.progress', { percent: progress })} />
          </Box>
        )}
        {failed && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {translate('cn.integrity.failed')}
          </Alert>
        )}
        {outcome && !outcome.available && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {translate('cn.integrity.unavailable')}
          </Alert>
        )}
        {outcome?.available && outcome.first_break === null && (
          <Alert severity="success" sx={{ mt: 2 }} data-testid="integrity-result">
            {translate('cn.integrity.whole', { count: outcome.checked })}
            {outcome.head && (
              <Box component="code" sx={{ display: 'block', mt: 1, wordBreak: 'break-all' }}>
                {translate('cn.integrity.head', { position: outcome.head.position, hash: outcome.head.hash })}
              </Box>
            )}
          </Alert>
        )}
        {outcome?.available && outcome.first_break !== null && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="integrity-result">
            {translate('cn.integrity.broken', { position: outcome.first_break, count: outcome.checked })}
          </Alert>
        )}
        {rows && rows.first_mismatch === null && (
          <Alert severity="success" sx={{ mt: 2 }} data-testid="read-model-result">
            {translate('cn.integrity.rows_whole', { count: rows.checked })}
          </Alert>
        )}
        {rows?.first_mismatch && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="read-model-result">
            {translate(`cn.integrity.rows_${rows.first_mismatch.kind}`, { position: rows.first_mismatch.position })}
          </Alert>
        )}
        <SignedHead />
        <ScheduledSignatures />
      </CardContent>
    </Card>
  );
};
