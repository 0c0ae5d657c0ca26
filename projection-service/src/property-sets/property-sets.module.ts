import { Module } from '@nestjs/common';
import type { ProjectionFeature } from '../core/projection-feature';
import { PropertySetsAdminController } from './property-sets-admin.controller';
import { PropertySetsController } from './property-sets.controller';
import { propertySetsReadSide } from './property-sets.read-side';

@Module({ controllers: [PropertySetsAdminController, PropertySetsController] })
export class PropertySetsModule {}

export const propertySetsFeature: ProjectionFeature = { module: PropertySetsModule, ...propertySetsReadSide };
