import { Module } from '@nestjs/common';
import type { ProjectionFeature } from '../core/projection-feature';
import { AppNavigationController } from './app-navigation.controller';
import { appNavigationReadSide } from './app-navigation.read-side';

/** The native app's navigation (issue 14). */
@Module({ controllers: [AppNavigationController] })
export class AppNavigationModule {}

export const appNavigationFeature: ProjectionFeature = { module: AppNavigationModule, ...appNavigationReadSide };
