import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { appStream, navigationLinkOf, navigationStream, NETWORK_NAVIGATION_SCOPE, pagesStream, type NavigationRequest, type PageEvent } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { HttpProblem, validationProblem } from '@cn/platform';
import { CommandRunner } from '../../core/command-runner';
import { groupCategoryFor, loadGroupCategories } from '../../groups/group-categories.read';
import { groupAbilitiesFor } from '../../groups/group-abilities.read';
import { CommandLookup } from '../../lookup/command-lookup';
import { pagesDecider } from '../../pages/pages.decider';
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

  /**
   * The items with the pages and apps they name checked (400 `unknown_page` / `unknown_app` at the item's
   * target, nothing saved) and each chosen target's path as its link, so that the link is never stale
   * text the editor typed; a free link keeps no target.
   */
  private async resolvedItems(items: NavigationRequest['navigation_items']): Promise<NavigationRequest['navigation_items']> {
    const all = items.flatMap((item) => [item, ...item.navigation_items]);
    const pages = all.some((item) => item.link_type === 'page')
      ? (await this.commands.eventStore.readStream(pagesStream())).reduce((state, event) => pagesDecider.evolve(state, { type: event.type, data: event.data } as PageEvent), pagesDecider.initialState())
      : pagesDecider.initialState();
    const appIds = [...new Set(all.filter((item) => item.link_type === 'app').map((item) => item.target))];
    const knownApps = new Set<string>();
    for (const appId of appIds) if ((await this.commands.eventStore.readStream(appStream(appId))).length > 0) knownApps.add(appId);
    const errors: Array<{ field: string; key: string }> = [];
    const resolve = <T extends NavigationRequest['navigation_items'][number]['navigation_items'][number]>(item: T, field: string): T => {
      if (item.link_type === 'page' && !pages.pages[item.target]) errors.push({ field: `${field}.target`, key: 'unknown_page' });
      if (item.link_type === 'app' && !knownApps.has(item.target)) errors.push({ field: `${field}.target`, key: 'unknown_app' });
      if (item.link_type === 'link') return { ...item, target: '' };
      return { ...item, link: navigationLinkOf(item, (pageId) => pages.pages[pageId]?.slug ?? null) };
    };
    const resolved = items.map((item, index) => ({
      ...resolve(item, `navigation_items.${index}`),
      navigation_items: item.navigation_items.map((child, childIndex) => resolve(child, `navigation_items.${index}.navigation_items.${childIndex}`)),
    }));
    if (errors.length > 0) throw validationProblem(errors);
    return resolved;
  }

  async execute({ issuer, payload }: ChangeNavigationCommand): Promise<{ position: number }> {
    const { scope, mayEdit } = await this.scopeOf(issuer, payload.group_slug, payload.category_slug);
    const { revision } = payload;
    // who may not edit learns no more than that: the targets are checked for editors only
    const navigation_items = mayEdit ? await this.resolvedItems(payload.navigation_items) : payload.navigation_items;
    const handled = await this.commands.run(CHANGE_NAVIGATION, {
      streamId: navigationStream(scope),
      decider: navigationDecider,
      command: { type: 'ChangeNavigation', scope, navigation_items, revision, may_edit: mayEdit },
      context: issuer,
    });
    return { position: handled.position };
  }
}
