import { Module } from '@nestjs/common';
import { ChangeAppNavigationHandler } from './editing-app-navigation/change-app-navigation.command';
import { ChangeAppNavigationController } from './editing-app-navigation/change-app-navigation.controller';

/** The native app's navigation (issue 14), edited by network administrators. */
@Module({ controllers: [ChangeAppNavigationController], providers: [ChangeAppNavigationHandler] })
export class AppNavigationModule {}
