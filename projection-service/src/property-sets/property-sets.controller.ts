import { Controller, Get, Param, UseInterceptors } from '@nestjs/common';
import {
  parentPropertySetContext,
  propertySetAbilities,
  propertySetNameSchema,
  propertySetQuerySchema,
  resolvePropertySet,
  type PropertySetContext,
  type PropertySetResponse,
  type StoredPropertySet,
} from '@cn/contracts';
import { collectionName } from '@cn/domain';
import { ConsistencyInterceptor, Ctx, type DocumentStore, Endpoint, HttpProblem, InjectPort, ParsedQuery, type RequestContext } from '@cn/platform';
import { appsCollection } from '../apps/apps.read';
import { abilitiesOf, groupCategoriesCollection } from '../groups/group-views';
import { groupsCollection } from '../groups/groups.read';
import { signedInMember } from '../members/members.read';
import { propertySetId, propertySetsProjection, type PropertySetDocument } from './property-sets.projection';

export const propertySetsCollection = (store: DocumentStore) => store.collection<PropertySetDocument>(collectionName(propertySetsProjection));

/** Property sets read: a context's own set, or resolved up the parent contexts (`inherit`). */
@Controller('api/v1/property_sets')
@UseInterceptors(ConsistencyInterceptor)
export class PropertySetsController {
  constructor(@InjectPort('documentStore') private readonly store: DocumentStore) {}

  @Get(':name')
  @Endpoint({
    summary: "A context's property set (properties, type, tag parents, modifications, parent set, revision, can.update); with inherit=true a context without its own answers its parent context's (group → group category → network) and a modified set its parent's properties with the options added",
    tags: ['property_sets'],
    auth: 'member',
    query: propertySetQuerySchema,
    responses: { 200: 'PropertySetResponse', 400: 'validation_failed (context_type, context_id)', 401: 'signed out', 404: 'not_found (no set, or an unknown context)' },
  })
  async one(@Ctx() ctx: RequestContext, @Param('name') name: string, @ParsedQuery() query: PropertySetContext & { inherit: boolean }): Promise<PropertySetResponse> {
    if (!propertySetNameSchema.safeParse(name).success) throw new HttpProblem(404, 'not_found');
    const member = await signedInMember(this.store, ctx);
    const context: PropertySetContext = { context_type: query.context_type, context_id: query.context_id };
    const id = context.context_id ?? '';
    let category: string | null = null;
    let editsGroup = false;
    if (context.context_type === 'group') {
      const group = await groupsCollection(this.store).get(id);
      const can = group ? abilitiesOf(group, member) : null;
      // a hidden group exists for its members, network admins and its category's administrators (the group's `can.see`)
      if (!group || !can || (group.access === 'hidden' && !can.see)) throw new HttpProblem(404, 'not_found');
      category = group.group_category_id;
      editsGroup = can.edit_property_sets;
    } else if (context.context_type === 'group_category') {
      if ((await groupCategoriesCollection(this.store).find({ category_id: id })).length === 0) throw new HttpProblem(404, 'not_found');
    } else if (context.context_type === 'app') {
      if (!(await appsCollection(this.store).get(id))) throw new HttpProblem(404, 'not_found');
    }
    const parentOf = (at: PropertySetContext) => parentPropertySetContext(at, () => category);
    const chain: PropertySetContext[] = [];
    for (let at: PropertySetContext | null = context; at; at = parentOf(at)) chain.push(at);
    const docs = await Promise.all(chain.map((at) => propertySetsCollection(this.store).get(propertySetId(name, at))));
    const sets = new Map<string, StoredPropertySet>(docs.flatMap((doc) => (doc ? [[doc._id, doc.set] as const] : [])));
    const resolved = resolvePropertySet(name, context, query.inherit, (at) => sets.get(propertySetId(name, at)) ?? null, parentOf);
    if (!resolved) throw new HttpProblem(404, 'not_found');
    return {
      ...resolved,
      revision: docs[0]?.revision ?? 0,
      can: propertySetAbilities({ network_admin: member.roles.network_admin, admin_group_ids: editsGroup ? [id] : [] }, context),
    };
  }
}
