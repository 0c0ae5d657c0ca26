import { Module } from '@nestjs/common';
import type { ProjectionFeature } from '../core/projection-feature';
import { InvitesController } from './invites.controller';

/** The member's open invites and participations (read from the appointments). */
@Module({ controllers: [InvitesController] })
export class InvitesModule {}

export const invitesFeature: ProjectionFeature = {
  module: InvitesModule,
};
