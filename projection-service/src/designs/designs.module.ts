import { Module } from '@nestjs/common';
import type { ProjectionFeature } from '../core/projection-feature';
import { DesignsController } from './designs.controller';
import { designsReadSide } from './designs.read-side';

/** Designs of the network and of groups (issue 14): the administrations' lists and what the member console applies. */
@Module({ controllers: [DesignsController] })
export class DesignsModule {}

export const designsFeature: ProjectionFeature = { module: DesignsModule, ...designsReadSide };
