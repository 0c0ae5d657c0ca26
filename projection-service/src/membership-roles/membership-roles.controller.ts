import { Controller, Get, Param, Query, Res, UseInterceptors } from '@nestjs/common';
import type { Response } from 'express';
import { z } from 'zod';
import { membershipRoleAdminDtoSchema, type MembershipRoleAdminDto } from '@cn/contracts';
import { ConsistencyInterceptor, contentRangeHeaders, type DocumentStore, Endpoint, HttpProblem, InjectPort, parseListQuery, sendList } from '@cn/platform';
import type { MembershipRoleDocument } from '../groups/groups.projection';
import { matchesQuery, membershipRolesCollection } from '../groups/groups.read';

const tags = ['membership-roles'];
const SORT: Record<string, string> = { name: 'name', plural_name: 'plural_name', slug: 'slug', member_count: 'member_count', id: 'id' };

export const toMembershipRoleAdminDto = (doc: MembershipRoleDocument): MembershipRoleAdminDto => ({
  id: doc._id,
  slug: doc.slug,
  name: doc.name,
  plural_name: doc.plural_name,
  color: doc.color,
  text_color: doc.text_color,
  member_ids: doc.member_ids,
  member_count: doc.member_ids.length,
  revision: doc.revision,
});

const networkRoles = async (store: DocumentStore): Promise<MembershipRoleAdminDto[]> =>
  (await membershipRolesCollection(store).find({ group_id: null })).map(toMembershipRoleAdminDto);

const compareBy = (field: string) => (a: MembershipRoleAdminDto, b: MembershipRoleAdminDto): number => {
  const left = a[field as keyof MembershipRoleAdminDto];
  const right = b[field as keyof MembershipRoleAdminDto];
  return typeof left === 'number' && typeof right === 'number' ? left - right : String(left).localeCompare(String(right));
};

/** The roles manager's read side: the network-wide roles (a group's roles are its own), from the membership_roles read model. */
@Controller('administration/membership_roles')
@UseInterceptors(ConsistencyInterceptor)
export class MembershipRolesController {
  constructor(@InjectPort('documentStore') private readonly documentStore: DocumentStore) {}

  @Get()
  @Endpoint({
    summary: 'The network-wide membership roles for react-admin (filter q on names, id list; sort name, plural_name, slug, member_count; Content-Range)',
    tags,
    auth: 'auditor',
    responses: {
      200: { description: 'MembershipRoleAdminDto[]', schema: z.array(membershipRoleAdminDtoSchema), headers: contentRangeHeaders },
      400: 'bad sort, range or filter',
      401: 'signed out',
      403: 'neither auditor nor administrator',
    },
  })
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: Response): Promise<MembershipRoleAdminDto[]> {
    const { range, sort, filter } = parseListQuery(query, { sortFields: SORT, filters: ['q', 'id'] });
    const q = typeof filter['q'] === 'string' ? filter['q'] : '';
    const ids = Array.isArray(filter['id']) ? new Set(filter['id'].map(String)) : null;
    const [field, direction] = sort ?? ['name', 'ASC'];
    const roles = (await networkRoles(this.documentStore))
      .filter((role) => (ids === null || ids.has(role.id)) && matchesQuery(q, role.name, role.plural_name, role.slug))
      .sort((a, b) => (direction === 'DESC' ? -1 : 1) * compareBy(field)(a, b) || a.id.localeCompare(b.id));
    return sendList(res, 'membership_roles', roles.slice(range[0], range[1] + 1), range, roles.length);
  }

  @Get(':id')
  @Endpoint({
    summary: 'A network-wide membership role with its members and the revision an edit sends back',
    tags,
    auth: 'auditor',
    responses: { 200: { description: 'MembershipRoleAdminDto', schema: membershipRoleAdminDtoSchema }, 401: 'signed out', 403: 'neither auditor nor administrator', 404: 'not_found' },
  })
  async one(@Param('id') id: string): Promise<MembershipRoleAdminDto> {
    const doc = await membershipRolesCollection(this.documentStore).get(id);
    if (!doc || doc.group_id !== null) throw new HttpProblem(404, 'not_found');
    return toMembershipRoleAdminDto(doc);
  }
}
