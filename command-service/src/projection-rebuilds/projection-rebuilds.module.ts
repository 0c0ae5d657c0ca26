import { Module } from '@nestjs/common';
import { RequestProjectionRebuildHandler } from './requesting-rebuild/request-rebuild.command';
import { RequestProjectionRebuildController } from './requesting-rebuild/request-rebuild.controller';

/** Blue/green rebuilds of the read models, asked for from the auditor's console (issue 16). */
@Module({ controllers: [RequestProjectionRebuildController], providers: [RequestProjectionRebuildHandler] })
export class ProjectionRebuildsModule {}
