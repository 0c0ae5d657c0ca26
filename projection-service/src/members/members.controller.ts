import { z } from 'zod';
import { adminMemberSchema, ignoredMembersResponseSchema, mayReactivateMemberEmail, memberDtoSchema, memberManagerAbilities, type AdminMemberDto, type IgnoredMembersResponse, type MemberDto } from '@cn/contracts';
import { collectionName } from '@cn/domain';
import { memberLocksProjection, type MemberLockDocument } from './member-locks.projection';
import { Controller, Get, Param, Query, Res, UseInterceptors } from '@nestjs/common';
import type { Response } from 'express';
import { ConsistencyInterceptor, contentRangeHeaders, type DocumentStore, Endpoint, type Filter, HttpProblem, InjectPort, Member, parseListQuery, sendList, type SignedInMember, type SortDirection } from '@cn/platform';
import { loadNetwork } from '../network/network.read';
import { connectedMembers } from '../realtime/connections';
import { toMemberDto } from './member-dto';
import { ignoredMemberIds, membersCollection } from './members.read';
import { membershipRolesCollection } from '../groups/groups.read';
import { membershipSettingsCollection } from '../membership-settings/bounce-list';

/** react-admin sort fields → read-model fields */
const SORT_FIELDS: Record<string, string[]> = {
  id: ['_id'],
  name: ['last_name', 'first_name'],
  displayName: ['first_name', 'last_name'],
  first_name: ['first_name'],
  last_name: ['last_name'],
  email: ['email'],
  is_external: ['roles.external'],
  is_network_admin: ['roles.network_admin'],
  is_auditor: ['roles.auditor'],
  deleted: ['deleted'],
};
const MEMBER_FILTERS = ['q', 'deleted', 'is_external', 'is_network_admin', 'id'] as const;

const asBoolean = (value: unknown): boolean | undefined =>
  value === true || value === 'true' ? true : value === false || value === 'false' ? false : undefined;

const adminFilterOf = (filter: Record<string, unknown>): Filter => {
  const and: Filter[] = [{ deleted: asBoolean(filter.deleted) ?? false }];
  if (typeof filter.q === 'string' && filter.q.trim() !== '') {
    const q = filter.q.trim();
    and.push({ $or: [{ first_name: { $like: q } }, { last_name: { $like: q } }, { email: { $like: q } }] });
  }
  const external = asBoolean(filter.is_external);
  if (external !== undefined) and.push({ 'roles.external': external });
  const admin = asBoolean(filter.is_network_admin);
  if (admin !== undefined) and.push({ 'roles.network_admin': admin });
  if (Array.isArray(filter.id)) and.push({ _id: { $in: filter.id.map(String) } });
  return { $and: and };
};


@Controller()
@UseInterceptors(ConsistencyInterceptor)
export class MembersController {
  constructor(
    @InjectPort('clock') private readonly clock: () => Date,
    @InjectPort('documentStore') private readonly documentStore: DocumentStore,
  ) {}

  @Get('members/:id')
  @Endpoint({
    summary: 'One member as the viewer may see them',
    tags: ['members'],
    responses: { 200: { description: 'MemberDto', schema: memberDtoSchema }, 401: 'signed out', 404: 'unknown member' },
    auth: 'member',
  })
  async member(@Member() viewer: SignedInMember, @Param('id') id: string): Promise<MemberDto> {
    const [doc, network] = await Promise.all([
      membersCollection(this.documentStore).get(id),
      loadNetwork(this.documentStore),
    ]);
    if (doc === null) throw new HttpProblem(404, 'not_found');
    const connected = await connectedMembers(this.documentStore, [id], this.clock());
    return toMemberDto(doc, {
      viewerId: viewer.id,
      showOnlineStatus: network.settings.member.show_online_status,
      includeEmail: viewer.roles.network_admin,
      connected: connected.has(id),
      viewer: { id: viewer.id, roles: viewer.roles },
      today: this.clock().toISOString().slice(0, 10),
      changeRequests: network.settings.member.change_requests,
    });
  }

  @Get('members/:id/ignored')
  @Endpoint({
    summary: "The members a member ignores, last ignored first (only the member themself; id 'me' names them)",
    tags: ['members'],
    responses: { 200: { description: 'IgnoredMembersResponse', schema: ignoredMembersResponseSchema }, 401: 'signed out', 403: "another member's list" },
    auth: 'member',
  })
  async ignored(@Member() viewer: SignedInMember, @Param('id') requested: string): Promise<IgnoredMembersResponse> {
    // 'me' names the signed-in member
    const id = requested === 'me' ? viewer.id : requested;
    if (viewer.id !== id) throw new HttpProblem(403, 'forbidden');
    const ids = await ignoredMemberIds(this.documentStore, id);
    const [docs, network] = await Promise.all([membersCollection(this.documentStore).getMany(ids), loadNetwork(this.documentStore)]);
    const byId = new Map(docs.map((doc) => [doc._id, doc]));
    const view = { viewerId: viewer.id, showOnlineStatus: network.settings.member.show_online_status, connected: false };
    return {
      members: [...ids]
        .reverse()
        .flatMap((ignoredId) => {
          const doc = byId.get(ignoredId);
          return doc && !doc.deleted ? [toMemberDto(doc, view)] : [];
        }),
    };
  }

  /** ra-data-simple-rest list for the admin console */
  @Get('administration/members')
  @Endpoint({
    summary:
      'Members for react-admin (sort, range, filter q/is_external/is_network_admin; Content-Range), each with locked, the member manager menu (manage) and the bounce list (email_bounced, reactivate_email); auditors read it too, with every flag off',
    tags: ['members'],
    responses: { 200: { description: 'AdminMemberDto[]', schema: z.array(adminMemberSchema), headers: contentRangeHeaders }, 400: 'bad sort, range or filter', 401: 'signed out', 403: 'neither a network administrator nor an auditor' },
    auth: 'auditor',
  })
  async list(
    @Member() viewer: SignedInMember,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AdminMemberDto[]> {
    const { sort, range, filter } = parseListQuery(query, { sortFields: SORT_FIELDS, filters: MEMBER_FILTERS });
    const [fields, order] = sort ?? [SORT_FIELDS.name, 'ASC'];
    const direction: SortDirection = order === 'DESC' ? -1 : 1;
    const sortBy = fields.map((f) => [f, direction] as const);
    const where = adminFilterOf(filter);
    const collection = membersCollection(this.documentStore);
    const [docs, total, network, networkRoles] = await Promise.all([
      collection.find(where, { sort: [...sortBy, ['_id', 1]], skip: range[0], limit: range[1] - range[0] + 1 }),
      collection.count(where),
      loadNetwork(this.documentStore),
      membershipRolesCollection(this.documentStore).count({ group_id: null }),
    ]);
    const connected = await connectedMembers(this.documentStore, docs.map((doc) => doc._id), this.clock());
    const view = { viewerId: viewer.id, showOnlineStatus: network.settings.member.show_online_status, includeEmail: true };
    const locked = new Set(
      (await this.documentStore.collection<MemberLockDocument>(collectionName(memberLocksProjection)).getMany(docs.map((doc) => doc._id))).map((lock) => lock._id),
    );
    const bounced = new Set((await membershipSettingsCollection(this.documentStore).getMany(docs.map((doc) => doc._id))).filter((settings) => settings.bounced === true).map((settings) => settings._id));
    const rows = docs.map((doc) => ({
      ...toMemberDto(doc, { ...view, connected: connected.has(doc._id) }),
      locked: locked.has(doc._id),
      manage: memberManagerAbilities(viewer, { id: doc._id, deleted: doc.deleted }, network.settings, networkRoles > 0),
      email_bounced: bounced.has(doc._id),
      reactivate_email: bounced.has(doc._id) && !doc.deleted && mayReactivateMemberEmail({ member_id: viewer.id, network_admin: viewer.roles.network_admin }, doc._id),
    }));
    return sendList(res, 'members', rows, range, total);
  }
}
