import type { AbuseReportEvent } from '@cn/contracts';
import { DomainError, type Decider } from '@cn/domain';

/** A report's stream: whether it was made (a report is made once). */
export interface AbuseReportState {
  reported: boolean;
}

export type AbuseReportCommand = {
  type: 'ReportAbuse';
  report_id: string;
  reporter_id: string;
  url: string;
  reason: string;
  /** abuseReportAbilities for the reporter: the rule the console's link comes from */
  can: { create: boolean };
};

export const abuseReportDecider: Decider<AbuseReportState, AbuseReportCommand, AbuseReportEvent> = {
  initialState: () => ({ reported: false }),
  evolve: (state, event) => (event.type === 'AbuseReported' ? { reported: true } : state),
  decide: (command, state) => {
    switch (command.type) {
      case 'ReportAbuse':
        if (!command.can.create) throw new DomainError('abuse_reports_disabled', 'refused');
        if (state.reported) throw new DomainError('concurrency_conflict', 'conflict');
        return [{ type: 'AbuseReported', data: { report_id: command.report_id, reporter_id: command.reporter_id, url: command.url, reason: command.reason } }];
    }
  },
};
