import { z } from 'zod';
import { defineEvent, type EventOf } from '../common/events';
import { safeText } from '../common/safe-text';

/**
 * Abuse reports (`/report/new`, when the network enables them): a signed-in member reports a page of the
 * network with a reason; the network administrators are notified (the bell).
 */

/** One stream per report. */
export const abuseReportStream = (reportId: string): string => `abusereport-${reportId}`;

export const ABUSE_REPORT_URL_MAX = 2000;
export const ABUSE_REPORT_REASON_MAX = 2000;

/** POST /report: `{ url, reason }`; the url a path of this site or an http(s) address */
export const abuseReportRequestSchema = z
  .object({
    url: z
      .string({ message: 'required' })
      .trim()
      .min(1, { message: 'required' })
      .max(ABUSE_REPORT_URL_MAX, { message: 'too_long' })
      .refine((url) => /^(https?:\/\/|\/(?![/\\]))/i.test(url), { message: 'invalid_url' }),
    reason: safeText(z.string({ message: 'required' }).trim().min(1, { message: 'required' }).max(ABUSE_REPORT_REASON_MAX, { message: 'too_long' })),
  })
  .strict();
export type AbuseReportRequest = z.input<typeof abuseReportRequestSchema>;

export const AbuseReported = defineEvent('AbuseReported', 1, z.object({ report_id: z.string(), reporter_id: z.string(), url: z.string(), reason: z.string() }));

export const abuseReportEvents = [AbuseReported] as const;
export type AbuseReportEvent = EventOf<typeof AbuseReported>;

/** who may report: any signed-in member, while the network enables reports (the console's link and the route share it) */
export const abuseReportAbilities = (settings: { abuse_reports_enabled: boolean }, signedIn: boolean): { create: boolean } => ({ create: settings.abuse_reports_enabled && signedIn });
