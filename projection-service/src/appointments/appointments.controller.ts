import { Controller, Get, Param, Query, Req, Res, StreamableFile, UseInterceptors } from '@nestjs/common';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { appointmentTarget, monthOf, appointmentsMonthResponseSchema, appointmentDtoSchema, type AppointmentDto, type AppointmentsMonthResponse } from '@cn/contracts';
import { ConsistencyInterceptor, Ctx, type DocumentStore, Endpoint, type EndpointDefinition, HttpProblem, InjectPort, parseWith, type RequestContext } from '@cn/platform';
import { ICAL_CONTENT_TYPE, writeCalendar } from '../exports/ical';
import { CSV_CONTENT_TYPE, writeCsv } from '../exports/csv';
import { XLSX_CONTENT_TYPE, writeXlsx } from '../exports/xlsx';
import { findGroupBySlug } from '../groups/groups.read';
import { signedInMember } from '../members/members.read';
import { resolveInstance, type AppointmentInstance } from './appointment-instances';
import { abilitiesOf, canSeeAppointment, loadDetailRefs, loadReadContext, toAppointmentDto, type AppointmentReadContext } from './appointment-dto';
import { icalEventOfInstance, icalEventsOfDocument } from './appointment-ical';
import { attendeeRows } from './attendees-export';
import { appointmentsCollection, appointmentsOfMonth } from './appointments.read';

const listOf = (value: unknown): string[] | undefined => {
  if (value === undefined || value === '') return undefined;
  const values = Array.isArray(value) ? value : [value];
  return values.flatMap((v) => String(v).split(',')).map((v) => v.trim()).filter(Boolean);
};

export const appointmentsQuerySchema = z.object({
  date: z
    .string()
    .refine((value) => monthOf(value) !== null, { message: 'invalid_format' })
    .optional(),
  view: z.enum(['sheet', 'list']).default('sheet'),
  type: z.literal('month').default('month'),
  calendar_ids: z.array(z.string()).optional(),
  group_slug: z.string().min(1).optional(),
  time_zone: z.string().min(1).optional(),
});

const monthQueryOf = (query: Record<string, unknown>) =>
  parseWith(appointmentsQuerySchema, {
    ...query,
    calendar_ids: listOf(query.calendar_ids ?? query['calendar_ids[]']),
  });

/** the month sheet, of every calendar, of the member's participations, of a group */
const monthEndpoint = {
  summary: 'Every appointment instance of a month (sheet: whole ISO weeks) the member may see, series expanded',
  tags: ['appointments'],
  query: appointmentsQuerySchema,
  responses: { 200: { description: 'AppointmentsMonthResponse', schema: appointmentsMonthResponseSchema }, 400: 'bad date or view', 401: 'signed out', 404: 'unknown group' },
  auth: 'member',
} as const satisfies EndpointDefinition;

const baseUrlOf = (req: Request): string => `${req.protocol}://${req.get('host') ?? 'localhost'}`;

/** `attachment` with an ASCII fallback and the UTF-8 name (RFC 6266) */
export const attachment = (filename: string): string =>
  `attachment; filename="${filename.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`;

export const safeFileName = (name: string): string => name.replace(/[\\/:*?"<>|\r\n]+/g, ' ').trim().slice(0, 80) || 'appointment';

@Controller()
@UseInterceptors(ConsistencyInterceptor)
export class AppointmentsController {
  constructor(
    @InjectPort('clock') private readonly clock: () => Date,
    @InjectPort('documentStore') private readonly documentStore: DocumentStore,
  ) {}

  private async context(ctx: RequestContext): Promise<AppointmentReadContext> {
    const member = await signedInMember(this.documentStore, ctx);
    return loadReadContext(this.documentStore, member, this.clock());
  }

  private async month(ctx: RequestContext, query: Record<string, unknown>, participating: boolean, groupSlug?: string): Promise<AppointmentsMonthResponse> {
    const read = await this.context(ctx);
    const parsed = monthQueryOf(query);
    const slug = groupSlug ?? parsed.group_slug;
    const group = slug ? await findGroupBySlug(this.documentStore, slug) : null;
    if (slug && !group) throw new HttpProblem(404, 'not_found');
    return appointmentsOfMonth(read, {
      date: parsed.date ?? read.now.toISOString().slice(0, 7),
      view: parsed.view,
      calendar_ids: parsed.calendar_ids ?? null,
      group_id: group?._id ?? null,
      participating,
      time_zone: parsed.time_zone ?? '',
    });
  }

  @Get('appointments')
  @Endpoint(monthEndpoint)
  all(@Ctx() ctx: RequestContext, @Query() query: Record<string, unknown>): Promise<AppointmentsMonthResponse> {
    return this.month(ctx, query, false);
  }

  @Get('appointments/participating')
  @Endpoint(monthEndpoint)
  participating(@Ctx() ctx: RequestContext, @Query() query: Record<string, unknown>): Promise<AppointmentsMonthResponse> {
    return this.month(ctx, query, true);
  }

  @Get('groups/:slug/appointments')
  @Endpoint(monthEndpoint)
  ofGroup(@Ctx() ctx: RequestContext, @Param('slug') slug: string, @Query() query: Record<string, unknown>): Promise<AppointmentsMonthResponse> {
    return this.month(ctx, query, false, slug);
  }

  /** the instance an id names, visible to the viewer (404 unknown, 403 hidden) */
  private async instance(read: AppointmentReadContext, id: string): Promise<AppointmentInstance> {
    const target = appointmentTarget(id);
    const doc = await appointmentsCollection(this.documentStore).get(target.appointmentId);
    if (!doc || doc.deleted) throw new HttpProblem(404, 'not_found');
    const instance = resolveInstance(doc, target.occurrenceStart);
    if (!instance) throw new HttpProblem(404, 'not_found');
    if (!canSeeAppointment(doc, read)) throw new HttpProblem(403, 'forbidden');
    return instance;
  }

  @Get('appointments/:id')
  @Endpoint({
    summary: 'One appointment, series or occurrence (r- id) with participants, my invite, neighbours and abilities; {id}.ics downloads it',
    tags: ['appointments'],
    responses: { 200: { description: 'AppointmentDto, or text/calendar for {id}.ics', schema: appointmentDtoSchema, otherMediaTypes: ['text/calendar'] }, 401: 'signed out', 403: 'not visible', 404: 'unknown appointment or occurrence' },
    auth: 'member',
  })
  async detail(
    @Ctx() ctx: RequestContext,
    @Param('id') id: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AppointmentDto | string> {
    const read = await this.context(ctx);
    if (id.endsWith('.ics')) {
      const instance = await this.instance(read, id.slice(0, -'.ics'.length));
      const baseUrl = baseUrlOf(req);
      // the series itself exports with its recurrence; an occurrence on its own
      const events = instance.occurrence ? [icalEventOfInstance(instance, baseUrl)] : icalEventsOfDocument(instance.doc, baseUrl);
      res.setHeader('Content-Type', ICAL_CONTENT_TYPE);
      res.setHeader('Content-Disposition', attachment(`${safeFileName(instance.fields.name)}.ics`));
      return writeCalendar({ name: instance.fields.name, events, now: read.now });
    }
    const instance = await this.instance(read, id);
    return toAppointmentDto(instance, read, { detail: true, ...(await loadDetailRefs(read, instance)) });
  }

  @Get('appointments/:id/:file')
  @Endpoint({
    documentedAs: '/appointments/{id}/attendees.csv',
    summary: 'Participants as CSV (also attendees.xlsx), for those who may download attendees',
    tags: ['appointments'],
    responses: { 200: 'text/csv or xlsx', 401: 'signed out', 403: 'not allowed', 404: 'unknown appointment' },
    auth: 'member',
  })
  async attendees(
    @Ctx() ctx: RequestContext,
    @Param('id') id: string,
    @Param('file') file: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string | StreamableFile> {
    if (file !== 'attendees.csv' && file !== 'attendees.xlsx') throw new HttpProblem(404, 'not_found');
    const read = await this.context(ctx);
    const instance = await this.instance(read, id);
    if (!abilitiesOf(instance, read).download_attendees) throw new HttpProblem(403, 'forbidden');
    const { header, rows } = await attendeeRows(read, instance);
    const name = `${safeFileName(instance.fields.name)}-attendees`;
    if (file === 'attendees.csv') {
      res.setHeader('Content-Type', CSV_CONTENT_TYPE);
      res.setHeader('Content-Disposition', attachment(`${name}.csv`));
      return writeCsv(header, rows);
    }
    // a Buffer returned as such would be serialized as JSON
    return new StreamableFile(writeXlsx('Attendees', [header, ...rows]), { type: XLSX_CONTENT_TYPE, disposition: attachment(`${name}.xlsx`) });
  }
}
