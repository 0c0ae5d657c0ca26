import { Module } from '@nestjs/common';
import type { ProjectionFeature } from '../core/projection-feature';
import { AuditController } from './audit.controller';
import { AuditExportController } from './audit-export.controller';
import { IntegrityController } from './integrity.controller';
import { ProjectionsStatusController } from './projections-status.controller';
import { TimeTravelController } from './time-travel.controller';
import { ScheduledHeadSigner } from './scheduled-head-signer';
import { auditReadSide } from './audit.read-side';

/** The audit log, personal data kept sealed until read. */
@Module({ controllers: [AuditController, AuditExportController, IntegrityController, ProjectionsStatusController, TimeTravelController], providers: [ScheduledHeadSigner] })
export class AuditModule {}

export const auditFeature: ProjectionFeature = { module: AuditModule, ...auditReadSide };
