import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ALL_STREAM_SLUG, appNavigationStream, NETWORK_STREAM_SLUG, normalizedAppNavigationItems, pagesStream, type AppNavigationRequest } from '@cn/contracts';
import { loadState, type CommandContext } from '@cn/domain';
import { CommandRunner } from '../../core/command-runner';
import { CommandLookup } from '../../lookup/command-lookup';
import { pagesDecider } from '../../pages/pages.decider';
import { appNavigationDecider } from './app-navigation.decider';

export const CHANGE_APP_NAVIGATION = 'ChangeAppNavigation';

export class ChangeAppNavigationCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: AppNavigationRequest & { host: string },
  ) {
    super();
  }
}

@CommandHandler(ChangeAppNavigationCommand)
export class ChangeAppNavigationHandler implements ICommandHandler<ChangeAppNavigationCommand> {
  constructor(
    private readonly commands: CommandRunner,
    private readonly lookup: CommandLookup,
  ) {}

  async execute({ issuer, payload }: ChangeAppNavigationCommand): Promise<{ position: number }> {
    const member = await this.lookup.issuer(issuer);
    const items = normalizedAppNavigationItems(payload.items);
    const slugs = [...new Set(items.flatMap((item) => (item.type === 'activitystream' && item.options.activitystream ? [item.options.activitystream.slug] : [])))];
    const groupSlugs: string[] = [];
    for (const slug of slugs) {
      if (slug === ALL_STREAM_SLUG || slug === NETWORK_STREAM_SLUG) continue;
      if ((await this.lookup.groups({ slug })).length > 0) groupSlugs.push(slug);
    }
    const pageSlugs = items.some((item) => item.type === 'page') ? Object.values((await loadState(this.commands.eventStore, pagesStream(), pagesDecider)).state.pages).map((page) => page.slug) : [];
    const handled = await this.commands.run(CHANGE_APP_NAVIGATION, {
      streamId: appNavigationStream(),
      decider: appNavigationDecider,
      command: { type: 'ChangeAppNavigation', items, revision: payload.revision, may_edit: member.roles.network_admin, host: payload.host, group_stream_slugs: groupSlugs, page_slugs: pageSlugs },
      context: issuer,
    });
    return { position: handled.position };
  }
}
