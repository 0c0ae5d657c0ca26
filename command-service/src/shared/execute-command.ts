import { streamCategory } from '@cn/contracts';
import { type Infrastructure, HttpProblem } from '@cn/platform';
import { DomainError, handleCommand, WrongExpectedRevisionError, type HandleCommandOptions, type HandledCommand, type DomainEvent } from '@cn/domain';

const outcomeOf = (error: unknown): 'rejected' | 'conflict' | 'failed' => {
  if (error instanceof WrongExpectedRevisionError) return 'conflict';
  if (error instanceof DomainError || error instanceof HttpProblem) return 'rejected';
  return 'failed';
};

/** handleCommand with the service's clock, and the command and append counters. */
export const executeCommand = async <State, Command, Event extends DomainEvent>(
  infra: Pick<Infrastructure, 'eventStore' | 'clock' | 'metrics'>,
  name: string,
  options: Omit<HandleCommandOptions<State, Command, Event>, 'eventStore' | 'clock'>,
): Promise<HandledCommand<Event>> => {
  try {
    const handled = await handleCommand({ ...options, eventStore: infra.eventStore, clock: infra.clock });
    infra.metrics.commands.inc({ command: name, outcome: handled.events.length > 0 ? 'accepted' : 'unchanged' });
    if (handled.events.length > 0) {
      infra.metrics.appends.inc({ stream_category: streamCategory(options.streamId) }, handled.events.length);
    }
    return handled;
  } catch (error) {
    infra.metrics.commands.inc({ command: name, outcome: outcomeOf(error) });
    throw error;
  }
};

/** Counts a refusal that happened before deciding (authorization, request validation). */
export const countRefusal = (infra: Pick<Infrastructure, 'metrics'>, name: string, error: unknown): never => {
  infra.metrics.commands.inc({ command: name, outcome: outcomeOf(error) });
  throw error;
};
