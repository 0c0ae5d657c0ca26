import { Module } from '@nestjs/common';
import { ChangeNavigationHandler } from './editing-navigation/change-navigation.command';
import { ChangeNavigationController } from './editing-navigation/change-navigation.controller';

/** The navigation editor of the network and of each group. */
@Module({ controllers: [ChangeNavigationController], providers: [ChangeNavigationHandler] })
export class NavigationModule {}
