import { Injectable } from '@nestjs/common';
import { appointmentStream, CalendarDeleted, eventOf, calendarEvents } from '@cn/contracts';
import type { EventStore, RecordedEvent } from '@cn/domain';
import { ReactorService, InjectPort, type DocumentStore, type EventBus, type Projector } from '@cn/platform';
import type { Logger } from 'pino';
import { CommandRunner } from '../../core/command-runner';
import { CommandLookup } from '../../lookup/command-lookup';
import { appointmentDecider } from '../appointment.decider';

export const CALENDAR_DELETIONS = 'command-service.calendar-deletions';

/**
 * A deleted calendar takes its appointments along: for every CalendarDeleted, each appointment only in
 * that calendar is deleted and each also in others leaves it (DetachCalendar), on behalf of whoever
 * deleted the calendar. It follows the log with a checkpoint of its own, so a restart between the
 * calendar's deletion and its appointments' goes on where it stopped; DetachCalendar does nothing twice.
 */
@Injectable()
export class CalendarDeletionReactor extends ReactorService {
  protected readonly projector: Projector;

  constructor(
    private readonly runner: CommandRunner,
    private readonly lookup: CommandLookup,
    @InjectPort('eventStore') eventStore: EventStore,
    @InjectPort('bus') bus: EventBus,
    @InjectPort('documentStore') documentStore: DocumentStore,
    @InjectPort('logger') logger: Logger,
  ) {
    super();
    this.projector = this.followLog({ bus, eventStore, documentStore, logger }, { name: CALENDAR_DELETIONS, what: 'calendar deletions', from: 'start', eventTypes: [CalendarDeleted.type] });
  }

  protected async follow(events: readonly RecordedEvent[]): Promise<void> {
    for (const recorded of events) {
      const event = recorded.type === CalendarDeleted.type ? eventOf(calendarEvents, recorded) : null;
      if (event?.type !== 'CalendarDeleted') continue;
      const context = { memberId: recorded.metadata.memberId, correlationId: recorded.metadata.correlationId, causationId: recorded.id };
      for (const appointmentId of await this.lookup.appointmentsInCalendar(event.data.calendar_id, recorded.position)) {
        await this.runner.run('DetachCalendar', {
          streamId: appointmentStream(appointmentId),
          decider: appointmentDecider,
          command: { type: 'DetachCalendar', calendar_id: event.data.calendar_id },
          context,
        });
      }
    }
  }
}
