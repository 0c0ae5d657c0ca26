import { Module } from '@nestjs/common';
import type { ProjectionFeature } from '../core/projection-feature';
import { NavigationController } from './navigation.controller';
import { navigationReadSide } from './navigation.read-side';

/** The navigation of the network and of each group. */
@Module({ controllers: [NavigationController] })
export class NavigationModule {}

export const navigationFeature: ProjectionFeature = { module: NavigationModule, ...navigationReadSide };
