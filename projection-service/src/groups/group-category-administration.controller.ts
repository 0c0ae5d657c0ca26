import { Controller, Get, Param, UseInterceptors } from '@nestjs/common';
import { groupCategoryAdministrationSchema, type GroupCategoryAdministrationDto } from '@cn/contracts';
import { ConsistencyInterceptor, Ctx, type DocumentStore, Endpoint, InjectPort, type RequestContext } from '@cn/platform';
import { signedInMember } from '../members/members.read';
import { administeredCategory, categoryRef, groupCategoriesCollection, memberNames } from './group-views';

/** /group-categories/{slug or id}/administration: what the member console's category administration opens with. */
@Controller()
@UseInterceptors(ConsistencyInterceptor)
export class GroupCategoryAdministrationController {
  constructor(@InjectPort('documentStore') private readonly store: DocumentStore) {}

  @Get('group-categories/:ref/administration')
  @Endpoint({
    summary: "A group category's administration (by slug or id): the category, its administrators (for network administrators) and the viewer's can flags",
    tags: ['groups'],
    auth: 'member',
    responses: { 200: { description: 'GroupCategoryAdministrationDto', schema: groupCategoryAdministrationSchema }, 401: 'signed out', 403: 'may not read the category administration', 404: 'not_found' },
  })
  async show(@Ctx() ctx: RequestContext, @Param('ref') ref: string): Promise<GroupCategoryAdministrationDto> {
    const member = await signedInMember(this.store, ctx);
    const bySlug = await groupCategoriesCollection(this.store).get(ref);
    const { category, can } = await administeredCategory(this.store, bySlug ? { slug: ref } : { id: ref }, member);
    const names = can.manage_administrators ? await memberNames(this.store, category.admin_ids) : new Map<string, string>();
    return {
      ...categoryRef(category),
      administrators: [...names].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name)),
      can,
    };
  }
}
