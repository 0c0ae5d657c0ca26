import { Module } from '@nestjs/common';
import { ReportAbuseHandler } from './reporting-abuse/report-abuse.command';
import { ReportAbuseController } from './reporting-abuse/report-abuse.controller';

/** Abuse reports: its controllers and command handlers (one folder per use case). */
@Module({
  controllers: [ReportAbuseController],
  providers: [ReportAbuseHandler],
})
export class AbuseReportsModule {}
