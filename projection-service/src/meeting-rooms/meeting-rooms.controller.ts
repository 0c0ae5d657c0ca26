import { Controller, Get, Query, UseInterceptors } from '@nestjs/common';
import { appointmentTarget, meetingRoomsQuerySchema, meetingRoomsResponseSchema, type MeetingRoomsResponse } from '@cn/contracts';
import { ConsistencyInterceptor, type DocumentStore, Endpoint, InjectPort, parseWith } from '@cn/platform';
import { meetingRoomsOf } from './meeting-rooms.read';


@Controller('meeting_rooms')
@UseInterceptors(ConsistencyInterceptor)
export class MeetingRoomsController {
  constructor(
    @InjectPort('documentStore') private readonly documentStore: DocumentStore,
  ) {}

  @Get()
  @Endpoint({
    summary:
      'Meeting rooms; with filter=reservable, start and end each says whether another appointment occurrence (recurring series expanded) books it in [start, end); room_id: only that room; appointment_id: the appointment being edited does not count',
    tags: ['appointments'],
    auth: 'member',
    query: meetingRoomsQuerySchema,
    responses: { 200: { description: 'MeetingRoomsResponse', schema: meetingRoomsResponseSchema }, 400: 'validation_failed (start, end required with filter=reservable)', 401: 'unauthenticated' },
  })
  async list(@Query() query: Record<string, unknown>): Promise<MeetingRoomsResponse> {
    const parsed = parseWith(meetingRoomsQuerySchema, query);
    const span = parsed.filter === 'reservable' && parsed.start && parsed.end ? { start: parsed.start, end: parsed.end } : null;
    const meeting_rooms = await meetingRoomsOf(this.documentStore, {
      span,
      room_id: parsed.room_id ?? null,
      except_appointment_id: parsed.appointment_id ? appointmentTarget(parsed.appointment_id).appointmentId : null,
    });
    return { meeting_rooms };
  }
}
