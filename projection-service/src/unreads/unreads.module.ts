import { Module } from '@nestjs/common';
import type { ProjectionFeature } from '../core/projection-feature';
import { UnreadsController } from './unreads.controller';

/** The shell's unread counters, read from the other features' read models (no read model of its own). */
@Module({ controllers: [UnreadsController] })
export class UnreadsModule {}

export const unreadsFeature: ProjectionFeature = {
  module: UnreadsModule,
};
