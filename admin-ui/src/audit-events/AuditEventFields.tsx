import { useRecordContext, useTranslate } from 'react-admin';
import type { AuditEventDto } from '@cn/contracts';
import { auditSummary, eventTypeName } from './auditSummary';

/** Datagrid reads `label` and `sortable` (and `sortBy`) from its columns' props. */
interface ColumnProps {
  label: string;
  sortable?: boolean;
  sortBy?: string;
}

/** Who did what to what, in one line. */
export const SummaryField = (_props: ColumnProps) => {
  const record = useRecordContext<AuditEventDto>();
  const translate = useTranslate();
  if (!record) return null;
  return <span data-testid="audit-summary">{auditSummary(record, translate)}</span>;
};

/** The event type's human name (the raw type stays in the expanded data). */
export const TypeNameField = (_props: ColumnProps) => {
  const record = useRecordContext<AuditEventDto>();
  const translate = useTranslate();
  if (!record) return null;
  return <span data-testid="audit-type">{eventTypeName(record.type, translate)}</span>;
};
