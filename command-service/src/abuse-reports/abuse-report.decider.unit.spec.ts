import type { AbuseReportEvent } from '@cn/contracts';
import { deciderSpecification } from '@cn/platform/testing';
import { abuseReportDecider, type AbuseReportCommand } from './abuse-report.decider';

const spec = deciderSpecification(abuseReportDecider);
const report = (create: boolean): AbuseReportCommand => ({ type: 'ReportAbuse', report_id: 'r1', reporter_id: 'm1', url: '/activities/a1', reason: 'Spam', can: { create } });
const reported: AbuseReportEvent = { type: 'AbuseReported', data: { report_id: 'r1', reporter_id: 'm1', url: '/activities/a1', reason: 'Spam' } };

describe('abuseReportDecider', () => {
  it('records a report while the network enables them', () => {
    spec.given([]).when(report(true)).then([reported]);
  });

  it('refuses while reports are off, and a second report on the same stream', () => {
    expect(spec.given([]).when(report(false)).thenRefused('abuse_reports_disabled').kind).toBe('refused');
    expect(spec.given([reported]).when(report(true)).thenRefused('concurrency_conflict').kind).toBe('conflict');
  });
});
