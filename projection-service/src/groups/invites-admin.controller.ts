import { Controller, Get, Query, Res, UseInterceptors } from '@nestjs/common';
import type { Response } from 'express';
import { z } from 'zod';
import { inviteAdminDtoSchema, inviteBatchAbilities, type InviteAdminDto } from '@cn/contracts';
import { ConsistencyInterceptor, contentRangeHeaders, Ctx, type DocumentStore, Endpoint, InjectPort, parseListQuery, type RequestContext, sendList } from '@cn/platform';
import { signedInMember } from '../members/members.read';
import { abilitiesOf, memberNames } from './group-views';
import { groupsCollection, matchesQuery } from './groups.read';

const tags = ['groups'];
const SORT: Record<string, 'created_at' | 'status' | 'group' | 'invitee' | 'author' | 'id'> = {
  created_at: 'created_at',
  status: 'status',
  group: 'group',
  'group.name': 'group',
  invitee: 'invitee',
  'invitee.name': 'invitee',
  author: 'author',
  'author.name': 'author',
  id: 'id',
};

const sortKey = (row: InviteAdminDto, field: string): string => {
  if (field === 'group') return row.group.name;
  if (field === 'invitee') return row.invitee.name;
  if (field === 'author') return row.author.name;
  return field === 'status' ? row.status : field === 'id' ? row.id : row.created_at;
};

const oneOrMany = (value: unknown): Set<string> | null =>
  value === undefined ? null : new Set((Array.isArray(value) ? value : [value]).map(String));

/**
 * The back office's invites list (issue 14, §4 batch invites): every group invite of the network, or of
 * one group (filter group_id), with each row's batch flags for the viewer from the same rules and the same
 * group abilities the batch commands (POST /batch_invites/revoke, /renew) check.
 */
@Controller()
@UseInterceptors(ConsistencyInterceptor)
export class InvitesAdminController {
  constructor(@InjectPort('documentStore') private readonly store: DocumentStore) {}

  @Get('administration/invites')
  @Endpoint({
    summary: "The network's group invites for react-admin (filter q on group and member names, status, group_id, id list; sort created_at, status, group, invitee, author; Content-Range), each with can.revoke and can.renew",
    tags,
    auth: 'auditor',
    responses: {
      200: { description: 'InviteAdminDto[]', schema: z.array(inviteAdminDtoSchema), headers: contentRangeHeaders },
      400: 'bad sort, range or filter',
      401: 'signed out',
      403: 'neither auditor nor administrator',
    },
  })
  async list(@Ctx() ctx: RequestContext, @Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: Response): Promise<InviteAdminDto[]> {
    const viewer = await signedInMember(this.store, ctx);
    const { range, sort, filter } = parseListQuery(query, { sortFields: SORT, filters: ['q', 'status', 'group_id', 'id'] });
    const q = typeof filter['q'] === 'string' ? filter['q'] : '';
    const statuses = oneOrMany(filter['status']);
    const groupIds = oneOrMany(filter['group_id']);
    const ids = oneOrMany(filter['id']);
    const groups = (await groupsCollection(this.store).find()).filter((group) => groupIds === null || groupIds.has(group._id));
    const entries = groups.flatMap((group) => {
      const can = abilitiesOf(group, viewer);
      return group.invites
        .filter((invite) => (statuses === null || statuses.has(invite.status)) && (ids === null || ids.has(invite.invite_id)))
        .map((invite) => ({ group, invite, mayAct: can.see && (can.moderate || invite.author_id === viewer._id) }));
    });
    const names = await memberNames(this.store, entries.flatMap(({ invite }) => [invite.author_id, invite.member_id]));
    const rows: InviteAdminDto[] = entries
      .map(({ group, invite, mayAct }) => ({
        id: invite.invite_id,
        type: 'group_invite' as const,
        status: invite.status,
        group: { id: group._id, name: group.name, slug: group.slug },
        author: { id: invite.author_id, name: names.get(invite.author_id) ?? '' },
        invitee: { id: invite.member_id, name: names.get(invite.member_id) ?? '' },
        additional_message: invite.additional_message,
        created_at: invite.created_at,
        can: inviteBatchAbilities(invite.status, mayAct),
      }))
      .filter((row) => matchesQuery(q, row.group.name, row.invitee.name, row.author.name));
    const [field, direction] = sort ?? ['created_at', 'DESC'];
    rows.sort((a, b) => (direction === 'DESC' ? -1 : 1) * sortKey(a, field).localeCompare(sortKey(b, field)) || a.id.localeCompare(b.id));
    return sendList(res, 'invites', rows.slice(range[0], range[1] + 1), range, rows.length);
  }
}
