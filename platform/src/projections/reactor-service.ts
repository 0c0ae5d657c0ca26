import type { RecordedEvent } from '@cn/domain';
import type { Projector } from './projection-runner';
import { createReactor, type ReactorOptions } from './stored-checkpoint';

/** the ports a reactor follows the log with */
export type ReactorPorts = Pick<ReactorOptions, 'bus' | 'eventStore' | 'documentStore' | 'logger'>;

/**
 * A service's reactor as a Nest provider (Nest calls the lifecycle hooks by name): started beside the
 * service, not before it answers (it catches up with what happened while the service was down, then
 * follows the bus), and stopped with it once its start has settled.
 */
export abstract class ReactorService {
  protected abstract readonly projector: Projector;
  /** what the reactor does with each batch of the log it follows */
  protected abstract follow(events: readonly RecordedEvent[]): Promise<void>;
  private running: Promise<void> | null = null;

  onApplicationBootstrap(): void | Promise<void> {
    this.startReactor();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.running;
    await this.projector.stop();
  }

  /** where it has got to in the log (tests wait for it) */
  waitFor(position: number, timeoutMs: number): Promise<boolean> {
    return this.projector.waitFor(position, timeoutMs);
  }

  /** starts the reactor without waiting for its catch-up (a failed start is logged by the reactor) */
  protected startReactor(): void {
    this.running = this.projector.start().catch(() => undefined);
  }

  /** the reactor handing each batch of the log to `follow`, with its own stored checkpoint (its `projector`) */
  protected followLog(ports: ReactorPorts, reactor: Pick<ReactorOptions, 'name' | 'what' | 'from' | 'eventTypes' | 'varyingTypes'>): Projector {
    return createReactor({ ...ports, ...reactor, handle: (events) => this.follow(events) });
  }
}
