import { Module } from '@nestjs/common';
import { SaveWidgetBarHandler } from './saving-widgetbar/save-widgetbar.command';
import { SaveWidgetBarController } from './saving-widgetbar/save-widgetbar.controller';

/** The widget bars of the network and of each group. */
@Module({ controllers: [SaveWidgetBarController], providers: [SaveWidgetBarHandler] })
export class WidgetBarsModule {}
