import type { AppointmentFields, RoomBookingSource } from '@cn/contracts';
import { createDocumentProjector, type DocumentProjector, type Infrastructure } from '@cn/platform';
import { collectionName, eventTypesOf, type ProjectedDocument, type Projection } from '@cn/domain';
import { requireKnownCategory, type AppointmentCategoryCatalog } from '../appointment-categories/appointment-category-catalog';
import type { AppointmentState } from '../appointments/appointment-state';
import { currentFieldsOf, requireBookableRoom } from './booking-rules';
import { bookableRoomsProjection, roomBookingsProjection, type BookableRoom, type RoomBookingDocument } from './room-bookings.projection';

const widen = <D extends ProjectedDocument>(projection: Projection<D>): Projection => projection;

export const ROOM_BOOKINGS_GROUP = 'command-service.room-bookings';
const CATCH_UP_MS = 2000;
/** what the bookings apply: a check waits for the newest of these, not for every other event appended meanwhile */
export const ROOM_BOOKING_EVENT_TYPES = eventTypesOf([bookableRoomsProjection, roomBookingsProjection]);

/** Checks an appointment's booking once the stream is read: throws the refusal (category, room). */
export type VerifyBooking = (state: AppointmentState) => void;

/**
 * Rooms and who books them, as the write side sees them (its own projector, like the command lookup),
 * and the gate every appointment write goes through: bookings of one room are decided one after
 * another (within this process), each on a read model that has caught up with the log.
 */
export class RoomBookings {
  private readonly projector: DocumentProjector;
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    private readonly infra: Pick<Infrastructure, 'bus' | 'documentStore' | 'cipher' | 'logger' | 'eventStore'>,
    private readonly categories: AppointmentCategoryCatalog,
  ) {
    this.projector = createDocumentProjector({
      // the command side's event store is the log: a delivery may be acknowledged before its turn is written
      acknowledgeBeforeWrite: true,
      name: ROOM_BOOKINGS_GROUP,
      projections: [widen(bookableRoomsProjection), widen(roomBookingsProjection)],
      bus: infra.bus,
      eventStore: infra.eventStore,
      documentStore: infra.documentStore,
      cipher: infra.cipher,
      logger: infra.logger,
      onError: (error) => infra.logger.error({ err: error, projector: ROOM_BOOKINGS_GROUP }, 'room bookings stopped'),
    });
  }

  start(): Promise<void> {
    return this.projector.start();
  }

  stop(): Promise<void> {
    return this.projector.stop();
  }

  private async catchUp(): Promise<void> {
    await this.projector.waitFor(await this.infra.eventStore.headPosition({ types: ROOM_BOOKING_EVENT_TYPES }), CATCH_UP_MS);
  }

  private get rooms() {
    return this.infra.documentStore.collection<BookableRoom>(collectionName(bookableRoomsProjection));
  }

  private get bookings() {
    return this.infra.documentStore.collection<RoomBookingDocument>(collectionName(roomBookingsProjection));
  }

  /** runs one at a time per room; other rooms (and appointments without one) do not wait */
  private serialized<T>(roomId: string | null, run: () => Promise<T>): Promise<T> {
    if (roomId === null) return run();
    const previous = this.queues.get(roomId) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(run);
    const settled = next.catch(() => undefined);
    this.queues.set(roomId, settled);
    void settled.then(() => {
      if (this.queues.get(roomId) === settled) this.queues.delete(roomId);
    });
    return next;
  }

  /**
   * Writes an appointment's fields: the room's name is taken from the room; `verify` (called by the
   * decision with the stream's state) refuses unknown categories and rooms and occupied rooms.
   */
  write<T>(
    booking: { appointment_id: string; occurrence_start: string | null; fields: AppointmentFields },
    execute: (fields: AppointmentFields, verify: VerifyBooking) => Promise<T>,
  ): Promise<T> {
    const roomId = booking.fields.meeting.room_id;
    return this.serialized(roomId, async () => {
      await this.catchUp();
      const [known, room, others] = await Promise.all([
        this.categories.ids(),
        roomId === null ? Promise.resolve(null) : this.rooms.get(roomId),
        roomId === null ? Promise.resolve([] as RoomBookingSource[]) : this.bookings.find({ room_ids: { $contains: roomId } }),
      ]);
      const fields: AppointmentFields = room ? { ...booking.fields, meeting: { ...booking.fields.meeting, room_name: room.name } } : booking.fields;
      return execute(fields, (state) => {
        requireKnownCategory(fields, known, currentFieldsOf(state, booking.occurrence_start)?.category ?? null);
        requireBookableRoom({ ...booking, fields, state }, room, others);
      });
    });
  }
}
