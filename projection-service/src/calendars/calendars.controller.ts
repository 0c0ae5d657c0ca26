import { Controller, Get, Param, Query, Req, Res, UseInterceptors } from '@nestjs/common';
import type { Request, Response } from 'express';
import { canSeeCalendar, SUBSCRIPTION_COLLECTIONS, calendarsResponseSchema, calendarDtoSchema, type CalendarDto, type CalendarsResponse } from '@cn/contracts';
import { ConsistencyInterceptor, Ctx, type DocumentStore, Endpoint, HttpProblem, InjectPort, type RequestContext } from '@cn/platform';
import { loadReadContext } from '../appointments/appointment-dto';
import { icalEventsOfDocument } from '../appointments/appointment-ical';
import { attachment } from '../appointments/appointments.controller';
import { ICAL_CONTENT_TYPE, writeCalendar } from '../exports/ical';
import { findGroupBySlug } from '../groups/groups.read';
import { loadActiveMember, signedInMember } from '../members/members.read';
import { appointmentsOfCollection, isSubscriptionCollection } from './calendar-feeds';
import {
  calendarTokensCollection,
  calendarsCollection,
  memberIdOfCalendarToken,
  toCalendarDtos,
  viewerOf,
  visibleCalendars,
} from './calendars.read';

/** GET /calendars/subscribe: the webcal feeds, or where to get a token first */
export type CalendarSubscribeResponse =
  | { token: null; edit_url: string }
  | {
      /**
       * The token itself is only shown when it is issued (the read side keeps its hash), so the URLs
       * carry a `{token}` placeholder the console fills in from what POST /users/calendar_token answered.
       */
      token: { issued_at: string };
      edit_url: string;
      feeds: Array<{ collection: (typeof SUBSCRIPTION_COLLECTIONS)[number]; path: string; webcal_url: string }>;
    };

export const USER_EDIT_URL = '/users/edit';


@Controller()
@UseInterceptors(ConsistencyInterceptor)
export class CalendarsController {
  constructor(
    @InjectPort('clock') private readonly clock: () => Date,
    @InjectPort('documentStore') private readonly documentStore: DocumentStore,
  ) {}

  private async member(ctx: RequestContext) {
    const member = await signedInMember(this.documentStore, ctx);
    return member;
  }

  @Get('calendars')
  @Endpoint({ summary: 'Calendars the member sees, with abilities', tags: ['calendars'], responses: {
      200: {
        description: 'CalendarsResponse',
        schema: calendarsResponseSchema,
        links: {
          GetFirstCalendar: { target: 'get /calendars/{id}', parameters: { id: '$response.body#/calendars/0/id' } },
          CreateAppointmentInFirstCalendar: { target: 'post /appointments', requestBody: { appointment: { calendar_ids: ['$response.body#/calendars/0/id'] } } },
        },
      },
      401: 'signed out',
    },
    auth: 'member',
  })
  async list(@Ctx() ctx: RequestContext): Promise<CalendarsResponse> {
    const store = this.documentStore;
    const viewer = await viewerOf(store, await this.member(ctx));
    return { calendars: await toCalendarDtos(store, await visibleCalendars(store, viewer), viewer) };
  }

  @Get('calendars/subscribe')
  @Endpoint({
    summary: 'Webcal feed URLs per collection (all, participating, personal, shared, network), or the link to create a token',
    tags: ['calendars'],
    responses: { 200: 'CalendarSubscribeResponse', 401: 'signed out' },
    auth: 'member',
  })
  async subscribe(@Ctx() ctx: RequestContext, @Req() req: Request): Promise<CalendarSubscribeResponse> {
    const member = await this.member(ctx);
    const token = await calendarTokensCollection(this.documentStore).get(member._id);
    if (!token) return { token: null, edit_url: USER_EDIT_URL };
    const host = req.get('host') ?? 'localhost';
    return {
      token: { issued_at: token.issued_at },
      edit_url: USER_EDIT_URL,
      feeds: SUBSCRIPTION_COLLECTIONS.map((collection) => {
        const path = `/calendars/feeds/${collection}.ics`;
        return { collection, path, webcal_url: `webcal://${host}${path}?token={token}` };
      }),
    };
  }

  /** webcal: no session cookie; the token in the URL names the member */
  @Get('calendars/feeds/:file')
  @Endpoint({
    documentedAs: '/calendars/feeds/{collection}.ics',
    summary: 'Webcal feed of a collection, authenticated by the calendar token in ?token=',
    tags: ['calendars'],
    responses: { 200: 'text/calendar', 401: 'missing, unknown or revoked token', 404: 'unknown collection' },
    auth: 'none',
  })
  async feed(
    @Param('file') file: string,
    @Query('token') token: unknown,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    const collection = file.endsWith('.ics') ? file.slice(0, -'.ics'.length) : file;
    if (!isSubscriptionCollection(collection)) throw new HttpProblem(404, 'not_found');
    const store = this.documentStore;
    const memberId = await memberIdOfCalendarToken(store, typeof token === 'string' ? token : undefined);
    const member = await loadActiveMember(store, memberId);
    if (!member) throw new HttpProblem(401, 'unauthenticated');
    const read = await loadReadContext(store, member, this.clock());
    const docs = await appointmentsOfCollection(read, collection);
    const baseUrl = `${req.protocol}://${req.get('host') ?? 'localhost'}`;
    res.setHeader('Content-Type', ICAL_CONTENT_TYPE);
    res.setHeader('Content-Disposition', attachment(`${collection}.ics`));
    res.setHeader('Cache-Control', 'private, no-cache');
    return writeCalendar({ name: collection, events: docs.flatMap((doc) => icalEventsOfDocument(doc, baseUrl)), now: read.now });
  }

  @Get('calendars/:id')
  @Endpoint({ summary: 'One calendar', tags: ['calendars'], responses: { 200: { description: 'CalendarDto', schema: calendarDtoSchema }, 401: 'signed out', 403: 'not visible', 404: 'unknown calendar' }, auth: 'member' })
  async calendar(@Ctx() ctx: RequestContext, @Param('id') id: string): Promise<CalendarDto> {
    const store = this.documentStore;
    const viewer = await viewerOf(store, await this.member(ctx));
    const calendar = await calendarsCollection(store).get(id);
    if (!calendar) throw new HttpProblem(404, 'not_found');
    if (!canSeeCalendar(calendar, viewer)) throw new HttpProblem(403, 'forbidden');
    const [dto] = await toCalendarDtos(store, [calendar], viewer);
    if (!dto) throw new HttpProblem(404, 'not_found');
    return dto;
  }

  @Get('groups/:slug/calendars')
  @Endpoint({ summary: 'Calendars of a group', tags: ['calendars'], responses: { 200: { description: 'CalendarsResponse', schema: calendarsResponseSchema }, 401: 'signed out', 404: 'unknown group' }, auth: 'member' })
  async ofGroup(@Ctx() ctx: RequestContext, @Param('slug') slug: string): Promise<CalendarsResponse> {
    const store = this.documentStore;
    const viewer = await viewerOf(store, await this.member(ctx));
    const group = await findGroupBySlug(store, slug);
    if (!group) throw new HttpProblem(404, 'not_found');
    if (group.access === 'hidden' && !viewer.network_admin && !viewer.group_ids.includes(group._id)) throw new HttpProblem(404, 'not_found');
    const calendars = (await visibleCalendars(store, viewer)).filter((calendar) => calendar.type === 'group' && calendar.parent_id === group._id);
    return { calendars: await toCalendarDtos(store, calendars, viewer) };
  }
}
