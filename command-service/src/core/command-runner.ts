import { Injectable } from '@nestjs/common';
import type { DomainEvent, EventStore, HandledCommand, HandleCommandOptions, StateSnapshots } from '@cn/domain';
import { InjectPort, type Metrics } from '@cn/platform';
import { executeCommand } from '../shared/execute-command';

/** What a handler appends through: handleCommand with the service's event store, clock and counters. */
@Injectable()
export class CommandRunner {
  constructor(
    @InjectPort('eventStore') readonly eventStore: EventStore,
    @InjectPort('clock') readonly clock: () => Date,
    @InjectPort('metrics') readonly metrics: Metrics,
    @InjectPort('snapshots') readonly snapshots: StateSnapshots,
  ) {}

  run<State, Command, Event extends DomainEvent>(
    name: string,
    options: Omit<HandleCommandOptions<State, Command, Event>, 'eventStore' | 'clock'>,
  ): Promise<HandledCommand<Event>> {
    return executeCommand(this, name, options);
  }
}
