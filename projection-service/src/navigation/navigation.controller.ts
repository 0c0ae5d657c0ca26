import { Controller, Get, Param, UseInterceptors } from '@nestjs/common';
import {
  administrationNavigationFor,
  groupCategoryAdministrationPath,
  maySeePage,
  navigationLinkOf,
  NETWORK_NAVIGATION_SCOPE,
  navigationResponseSchema,
  publicNavigationItems,
  publicNavigationResponseSchema,
  type AdministrationNavigationResponse,
  type PublicNavigationResponse,
  type MemberRoles,
  type NavigationItem,
  type NavigationResponse,
} from '@cn/contracts';
import { collectionName } from '@cn/domain';
import { ConsistencyInterceptor, Ctx, type DocumentStore, Endpoint, InjectPort, type RequestContext } from '@cn/platform';
import { abilitiesOf, administeredCategory, administeredGroup, orderedCategories } from '../groups/group-views';
import { findGroupBySlug, groupsCollection } from '../groups/groups.read';
import { signedInMember } from '../members/members.read';
import { loadNetwork } from '../network/network.read';
import { pagesCollection } from '../pages/pages.read';
import { navigationsProjection, type NavigationDocument } from './navigation.projection';

@Controller()
@UseInterceptors(ConsistencyInterceptor)
export class NavigationController {
  constructor(@InjectPort('documentStore') private readonly documentStore: DocumentStore) {}

  /**
   * The items with each chosen target's link as it is now (a page's current slug). For a member
   * (`viewer`) an item whose page is gone or hidden from them is left out, so is a parent left empty; the
   * editor keeps it with an empty link, and saving it again answers `unknown_page`.
   */
  private async navigation(scope: string, viewer?: MemberRoles): Promise<NavigationResponse> {
    const doc = await this.documentStore.collection<NavigationDocument>(collectionName(navigationsProjection)).get(scope);
    const stored = doc?.navigation_items ?? [];
    const pageIds = [...new Set(stored.flatMap((item) => [item, ...item.navigation_items]).flatMap((item) => (item.link_type === 'page' && item.target ? [item.target] : [])))];
    const pages = pageIds.length === 0 ? [] : await pagesCollection(this.documentStore).getMany(pageIds);
    const slugs = new Map(pages.filter((page) => !page.deleted && (!viewer || maySeePage(page.visibility, viewer))).map((page) => [page._id, page.slug]));
    const resolve = <T extends NavigationItem['navigation_items'][number]>(item: T): T => ({ ...item, link: navigationLinkOf(item, (pageId) => slugs.get(pageId) ?? null) });
    const leads = (item: { link: string }) => !viewer || item.link !== '';
    const navigation_items = stored
      .map((item) => ({ ...resolve(item), navigation_items: item.navigation_items.map(resolve).filter(leads) }))
      .filter((item) => leads(item) || item.navigation_items.length > 0);
    return { scope, navigation_items, revision: doc?.revision ?? 0 };
  }

  @Get('administration/navigation.json')
  @Endpoint({
    summary: "The network navigation editor's items and revision (administrators; auditors read)",
    tags: ['navigation'],
    auth: 'auditor',
    responses: { 200: { description: 'NavigationResponse', schema: navigationResponseSchema }, 401: 'signed out', 403: 'neither auditor nor administrator' },
  })
  networkEditor(): Promise<NavigationResponse> {
    return this.navigation(NETWORK_NAVIGATION_SCOPE);
  }

  @Get('api/v1/navigation')
  @Endpoint({
    summary: "The network's navigation as the member console's left navigation shows it (empty: the console's own modules)",
    tags: ['navigation'],
    auth: 'member',
    responses: { 200: { description: 'NavigationResponse', schema: navigationResponseSchema }, 401: 'signed out' },
  })
  async network(@Ctx() ctx: RequestContext): Promise<NavigationResponse> {
    const member = await signedInMember(this.documentStore, ctx);
    return this.navigation(NETWORK_NAVIGATION_SCOPE, member.roles);
  }

  @Get('api/v1/navigation/public')
  @Endpoint({
    summary: "The network navigation's public items, for signed-out visitors (the public pages show them): free links and console modules only, no member data",
    tags: ['navigation'],
    auth: 'none',
    responses: { 200: { description: 'PublicNavigationResponse', schema: publicNavigationResponseSchema } },
  })
  async publicNavigation(): Promise<PublicNavigationResponse> {
    return { navigation_items: publicNavigationItems((await this.navigation(NETWORK_NAVIGATION_SCOPE)).navigation_items) };
  }

  @Get('api/v1/navigation/administration')
  @Endpoint({
    summary: "The administration screens the signed-in member may open (the routes' own guard rule), the groups they administer (their own and their categories' groups) and the group categories they administer",
    tags: ['navigation'],
    auth: 'member',
    responses: { 200: 'AdministrationNavigationResponse', 401: 'signed out' },
  })
  async administration(@Ctx() ctx: RequestContext): Promise<AdministrationNavigationResponse> {
    const member = await signedInMember(this.documentStore, ctx);
    const [network, administered, categories] = await Promise.all([
      loadNetwork(this.documentStore),
      // the groups they administrate: their own and their categories' (the groups' `manages` rule, asked below)
      groupsCollection(this.documentStore).find({
        $or: [{ admin_ids: { $contains: member._id } }, { group_category_id: { $in: member.administered_category_ids ?? [] } }],
      }),
      orderedCategories(this.documentStore),
    ]);
    return {
      items: administrationNavigationFor(member.roles, network.settings),
      groups: administered
        // the group's administration page is linked by the same flag (group pages: can.moderate || can.archive)
        .filter((group) => !group.archived && abilitiesOf(group, member).archive)
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((group) => ({ slug: group.slug, name: group.name, link: `/groups/${encodeURIComponent(group.slug)}/administration` })),
      // the categories the member administers (network administrators reach every one from the category pages)
      group_categories: categories
        .filter((category) => category.admin_ids.includes(member._id))
        .map((category) => ({ slug: category._id, name: category.plural_name, link: groupCategoryAdministrationPath(category._id) })),
    };
  }

  @Get('groups/:slug/administration/navigation.json')
  @Endpoint({
    summary: "A group's navigation editor (its administrators and network administrators)",
    tags: ['navigation'],
    auth: 'member',
    responses: { 200: { description: 'NavigationResponse', schema: navigationResponseSchema }, 401: 'signed out', 403: 'not an administrator of the group', 404: 'not_found' },
  })
  async groupEditor(@Ctx() ctx: RequestContext, @Param('slug') slug: string): Promise<NavigationResponse> {
    const member = await signedInMember(this.documentStore, ctx);
    const group = administeredGroup(await findGroupBySlug(this.documentStore, slug), member, 'edit_navigation');
    return this.navigation(group._id);
  }

  @Get('group-categories/:slug/administration/navigation.json')
  @Endpoint({
    summary: "A group category's navigation editor (its administrators and network administrators; auditors read)",
    tags: ['navigation'],
    auth: 'member',
    responses: { 200: { description: 'NavigationResponse', schema: navigationResponseSchema }, 401: 'signed out', 403: 'may not read the category administration', 404: 'not_found' },
  })
  async categoryEditor(@Ctx() ctx: RequestContext, @Param('slug') slug: string): Promise<NavigationResponse> {
    const member = await signedInMember(this.documentStore, ctx);
    const { category } = await administeredCategory(this.documentStore, { slug }, member);
    return this.navigation(category.category_id);
  }
}
