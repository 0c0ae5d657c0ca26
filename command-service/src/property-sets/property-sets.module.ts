import { Module } from '@nestjs/common';
import { SavePropertySetHandler } from './saving-property-set/save-property-set.command';
import { SavePropertySetController } from './saving-property-set/save-property-set.controller';

/** Property sets of the network, group categories, groups and apps (issue 14). */
@Module({ controllers: [SavePropertySetController], providers: [SavePropertySetHandler] })
export class PropertySetsModule {}
