import { Global, Module, type DynamicModule, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { INFRASTRUCTURE, MEMBER_ACCESS, PORT_PROVIDER_TOKENS, portProviders, type Infrastructure } from '@cn/platform';
import { CommandLookup } from '../lookup/command-lookup';
import { CommandRunner } from './command-runner';

/** Runs the command side's lookup projector while the application runs. */
class LookupLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(private readonly lookup: CommandLookup) {}

  onApplicationBootstrap(): Promise<void> {
    return this.lookup.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.lookup.stop();
  }
}

/**
 * What every feature of the write side uses: each port under its own token (`@InjectPort('cipher')`), the
 * command bus and the CommandRunner (handleCommand on the event store), and the command lookup that answers
 * the member guard (MEMBER_ACCESS) and the handlers' questions about members and settings.
 */
@Global()
@Module({})
export class CommandCoreModule {
  static register(infra: Infrastructure): DynamicModule {
    return {
      module: CommandCoreModule,
      imports: [CqrsModule.forRoot()],
      providers: [
        { provide: INFRASTRUCTURE, useValue: infra },
        ...portProviders(infra),
        CommandRunner,
        { provide: CommandLookup, useFactory: () => new CommandLookup(infra) },
        { provide: MEMBER_ACCESS, useExisting: CommandLookup },
        { provide: LookupLifecycle, useFactory: (lookup: CommandLookup) => new LookupLifecycle(lookup), inject: [CommandLookup] },
      ],
      exports: [INFRASTRUCTURE, ...PORT_PROVIDER_TOKENS, CommandRunner, CommandLookup, MEMBER_ACCESS, CqrsModule],
    };
  }
}
