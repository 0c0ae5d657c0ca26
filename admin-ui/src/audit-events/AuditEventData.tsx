import { useRecordContext } from 'react-admin';
import { Box } from '@mui/material';
import type { AuditEventDto } from '@cn/contracts';

/** The expanded row: the event's data as it was recorded (personal data revealed or the erased fallback). */
export const AuditEventData = () => {
  const record = useRecordContext<AuditEventDto>();
  if (!record) return null;
  return (
    <Box
      component="pre"
      data-testid="audit-event-data"
      sx={{ m: 0, p: 2, bgcolor: 'grey.100', fontSize: 12, overflowX: 'auto', whiteSpace: 'pre-wrap' }}
    >
      {JSON.stringify(
        { data: record.data, correlation_id: record.correlation_id, causation_id: record.causation_id, revision: record.revision },
        null,
        2,
      )}
    </Box>
  );
};
