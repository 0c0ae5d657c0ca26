import { DASHBOARD_WIDGETBAR_SLUG, defaultWidget, NETWORK_WIDGETBAR_SCOPE, widgetBarStream, type Widget } from '@cn/contracts';
import type { Infrastructure } from '@cn/platform';
import type { CommandContext } from '@cn/domain';
import { executeCommand } from '../shared/execute-command';
import { widgetBarDecider } from './widgetbars.decider';
import { SAVE_WIDGETBAR } from './saving-widgetbar/save-widgetbar.command';

const WELCOME: Record<'de' | 'en', string> = {
  de: '**Willkommen!** Hier sehen Sie, wer online ist, wer neu ist und was ansteht.',
  en: "**Welcome!** See who is online, who is new and what's coming up.",
};

/** The start page's bar of the demo network: a welcome text and the members, birthdays and appointments widgets. */
export const seedWidgetBars = async (
  infra: Pick<Infrastructure, 'eventStore' | 'clock' | 'metrics'>,
  adminId: string,
  context: () => CommandContext,
  language: 'de' | 'en',
): Promise<number> => {
  const widgets: Widget[] = [
    { type: 'text', properties: { content: WELCOME[language], renderer: 'markdown' } },
    defaultWidget('online_members'),
    defaultWidget('newest_members'),
    defaultWidget('appointments'),
    defaultWidget('birthday'),
    defaultWidget('speed_dial'),
  ];
  const handled = await executeCommand(infra, SAVE_WIDGETBAR, {
    streamId: widgetBarStream(NETWORK_WIDGETBAR_SCOPE, DASHBOARD_WIDGETBAR_SLUG),
    decider: widgetBarDecider,
    command: { type: 'SaveWidgetBar', scope: NETWORK_WIDGETBAR_SCOPE, slug: DASHBOARD_WIDGETBAR_SLUG, widgets, revision: 0, may_edit: true },
    context: { ...context(), memberId: adminId },
  });
  return handled.position;
};
