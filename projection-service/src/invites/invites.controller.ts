import { Controller, Get, Query, Req, Res, UseInterceptors } from '@nestjs/common';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { INVITES_PAGE_SIZE, INVITE_TABS, PARTICIPATIONS_PAGE_SIZE, appointmentTarget, invitesResponseSchema, participationsResponseSchema, type InvitesResponse, type ParticipationsResponse } from '@cn/contracts';
import { ConsistencyInterceptor, Ctx, type DocumentStore, Endpoint, InjectPort, parseWith, type RequestContext } from '@cn/platform';
import { loadReadContext, toAppointmentDto, type AppointmentReadContext } from '../appointments/appointment-dto';
import { resolveInstance } from '../appointments/appointment-instances';
import { signedInMember } from '../members/members.read';
import { invitesPage, invitesOfViewer, inTab } from './invites.read';

const limitOf = (max: number, fallback: number) => z.coerce.number().int().min(1, { message: 'too_small' }).max(max, { message: 'too_big' }).default(fallback);

export const invitesQuerySchema = z.object({
  filter: z.literal('appointments').default('appointments'),
  status: z.enum(INVITE_TABS).default('open'),
  limit: limitOf(200, INVITES_PAGE_SIZE),
  offset: z.coerce.number().int().min(0, { message: 'too_small' }).default(0),
});

export const participationsQuerySchema = z.object({
  status: z.enum(['accepted', 'declined']).default('accepted'),
  limit: limitOf(100, PARTICIPATIONS_PAGE_SIZE),
  offset: z.coerce.number().int().min(0, { message: 'too_small' }).default(0),
});


/** the URL of the next page (same query, offset moved) and its RFC 8288 Link header */
const nextPage = (req: Request, res: Response, query: Record<string, string | number>, offset: number): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...query, offset })) params.set(key, String(value));
  const url = `${req.path}?${params.toString()}`;
  res.setHeader('Link', `<${url}>; rel="next"`);
  res.setHeader('Access-Control-Expose-Headers', 'Link');
  return url;
};

@Controller()
@UseInterceptors(ConsistencyInterceptor)
export class InvitesController {
  constructor(
    @InjectPort('clock') private readonly clock: () => Date,
    @InjectPort('documentStore') private readonly documentStore: DocumentStore,
  ) {}

  private async context(ctx: RequestContext): Promise<AppointmentReadContext> {
    const member = await signedInMember(this.documentStore, ctx);
    return loadReadContext(this.documentStore, member, this.clock());
  }

  @Get('api/v1/invites')
  @Endpoint({
    summary: 'Calendar invites of a tab (open, upcoming, accepted, declined, expired, obsolete) with the open count and a next-page Link',
    tags: ['invites'],
    query: invitesQuerySchema,
    responses: { 200: {
        description: 'InvitesResponse',
        schema: invitesResponseSchema,
        links: {
          AcceptInvite: { target: 'post /api/v1/invites/{id}/accept', parameters: { id: '$response.body#/invites/0/id' } },
          RejectInvite: { target: 'post /api/v1/invites/{id}/reject', parameters: { id: '$response.body#/invites/0/id' } },
        },
      }, 400: 'bad status or limit', 401: 'signed out' },
    auth: 'member',
  })
  async invites(
    @Ctx() ctx: RequestContext,
    @Query() raw: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<InvitesResponse> {
    const read = await this.context(ctx);
    const query = parseWith(invitesQuerySchema, raw);
    const page = await invitesPage(read, query.status, query.offset, query.limit);
    const next = page.has_more
      ? nextPage(req, res, { filter: query.filter, status: query.status, limit: query.limit }, query.offset + query.limit)
      : null;
    res.setHeader('X-Open-Count', String(page.open_count));
    return { invites: page.invites, open_count: page.open_count, next };
  }

  @Get('api/v1/participations')
  @Endpoint({
    summary: 'Appointments the member accepted or declined, with a next-page Link',
    tags: ['invites'],
    query: participationsQuerySchema,
    responses: { 200: { description: 'ParticipationsResponse', schema: participationsResponseSchema }, 400: 'bad status or limit', 401: 'signed out' },
    auth: 'member',
  })
  async participations(
    @Ctx() ctx: RequestContext,
    @Query() raw: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ParticipationsResponse> {
    const read = await this.context(ctx);
    const query = parseWith(participationsQuerySchema, raw);
    const sources = (await invitesOfViewer(read))
      .filter((source) => inTab(source, query.status, read.now))
      .sort((a, b) => b.date.start.localeCompare(a.date.start) || a.target_id.localeCompare(b.target_id));
    const page = sources.slice(query.offset, query.offset + query.limit);
    const participations = page.flatMap((source) => {
      const target = appointmentTarget(source.target_id);
      const instance = source.doc.deleted ? null : resolveInstance(source.doc, target.occurrenceStart);
      return instance ? [{ appointment: toAppointmentDto(instance, read, { detail: false }), status: source.participant.status }] : [];
    });
    const next =
      query.offset + query.limit < sources.length
        ? nextPage(req, res, { status: query.status, limit: query.limit }, query.offset + query.limit)
        : null;
    return { participations, next };
  }
}
