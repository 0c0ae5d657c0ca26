import { Module, type DynamicModule } from '@nestjs/common';
import type { Infrastructure } from '@cn/platform';
import { AUTH_CSRF_EXEMPT } from './auth/auth.module';
import { TWO_FACTOR_CSRF_EXEMPT } from './two-factor/two-factor.module';
import { CommandCoreModule } from './core/command-core.module';
import { COMMAND_FEATURES } from './features';

/** Requests that need no CSRF token (there is no session yet to protect). */
export const COMMAND_SERVICE_CSRF_EXEMPT = [...AUTH_CSRF_EXEMPT, ...TWO_FACTOR_CSRF_EXEMPT];

/** The write side: its core (infrastructure, command bus, lookup, member guard) and its features. */
@Module({})
export class CommandServiceModule {
  static register(infra: Infrastructure): DynamicModule {
    return {
      module: CommandServiceModule,
      imports: [CommandCoreModule.register(infra), ...COMMAND_FEATURES],
      exports: [CommandCoreModule],
    };
  }
}
