import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { navigationStream, NETWORK_NAVIGATION_SCOPE, type NavigationRequest } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { HttpProblem } from '@cn/platform';
import { CommandRunner } from '../../core/command-runner';
import { groupCategoryFor, loadGroupCategories } from '../../groups/group-categories.read';
import { groupAbilitiesFor } from '../../groups/group-abilities.read';
import { CommandLookup } from '../../lookup/command-lookup';
import { navigationDecider } from '../navigation.decider';

export const CHANGE_NAVIGATION = 'ChangeNavigation';

/** The network's navigation (no slug), a group's (its slug) or a group category's (its slug). */
export class ChangeNavigationCommand extends Command<{ position: number }> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: NavigationRequest & { group_slug: string | null; category_slug?: string },
  ) {
    super();
  }
}

@CommandHandler(ChangeNavigationCommand)
export class ChangeNavigationHandler implements ICommandHandler<ChangeNavigationCommand> {
  constructor(
    private readonly commands: CommandRunner,
    private readonly lookup: CommandLookup,
  ) {}

  /** the scope and whether the issuer may edit it: network admins everywhere, a group's or a category's administrators theirs */
  private async scopeOf(issuer: CommandContext, slug: string | null, categorySlug?: string): Promise<{ scope: string; mayEdit: boolean }> {
    const member = await this.lookup.issuer(issuer);
    if (categorySlug !== undefined) {
      const found = groupCategoryFor(await loadGroupCategories(this.commands.eventStore), categorySlug, member);
      if (!found || found.category.slug !== categorySlug) throw new HttpProblem(404, 'not_found');
      return { scope: found.category.id, mayEdit: found.can.administrate };
    }
    if (slug === null) return { scope: NETWORK_NAVIGATION_SCOPE, mayEdit: member.roles.network_admin };
    const [group] = await this.lookup.groups({ slug });
    if (!group) throw new HttpProblem(404, 'not_found');
    const can = await groupAbilitiesFor(this.commands.eventStore, group._id, member);
    return { scope: group._id, mayEdit: can.edit_navigation };
  }

  async execute({ issuer, payload }: ChangeNavigationCommand): Promise<{ position: number }> {
    const { scope, mayEdit } = await this.scopeOf(issuer, payload.group_slug, payload.category_slug);
    const { navigation_items, revision } = payload;
    const handled = await this.commands.run(CHANGE_NAVIGATION, {
      streamId: navigationStream(scope),
      decider: navigationDecider,
      command: { type: 'ChangeNavigation', scope, navigation_items, revision, may_edit: mayEdit },
      context: issuer,
    });
    return { position: handled.position };
  }
}
