import { streamCategory } from '@cn/contracts';
import { handleCommand, type DomainEvent, type HandleCommandOptions, type HandledCommand } from '@cn/domain';
import type { Infrastructure } from '@cn/platform';

/**
 * handleCommand with the service's clock, counting what was decided (cn_commands_total: accepted or
 * unchanged; appends by stream category). Refusals, lost races and failures are counted by the HTTP
 * kit's problem filter for the route's `@Endpoint({ command })`, wherever in the request they happen.
 */
export const executeCommand = async <State, Command, Event extends DomainEvent>(
  infra: Pick<Infrastructure, 'eventStore' | 'clock' | 'metrics'> & Partial<Pick<Infrastructure, 'snapshots'>>,
  name: string,
  options: Omit<HandleCommandOptions<State, Command, Event>, 'eventStore' | 'clock' | 'snapshots'>,
): Promise<HandledCommand<Event>> => {
  const handled = await handleCommand({ ...options, eventStore: infra.eventStore, clock: infra.clock, snapshots: infra.snapshots });
  infra.metrics.commands.inc({ command: name, outcome: handled.events.length > 0 ? 'accepted' : 'unchanged' });
  if (handled.events.length > 0) {
    infra.metrics.appends.inc({ stream_category: streamCategory(options.streamId) }, handled.events.length);
  }
  return handled;
};
