import { Module, type DynamicModule, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { INFRASTRUCTURE, type Infrastructure } from '@cn/platform';
import { SignInHandler } from './auth/signing-in/sign-in.command';
import { SignInController } from './auth/signing-in/sign-in.controller';
import { SignOutController } from './auth/signing-out/sign-out.controller';
import { CommandLookup } from './lookup/command-lookup';
import { EraseMemberHandler } from './members/erasing-member/erase-member.command';
import { EraseMemberController } from './members/erasing-member/erase-member.controller';
import { RegisterMemberHandler } from './members/registering-member/register-member.command';
import { RegisterMemberController } from './members/registering-member/register-member.controller';
import { SetPresenceHandler } from './members/setting-presence/set-presence.command';
import { SetPresenceController } from './members/setting-presence/set-presence.controller';
import { ChangeNetworkSettingsHandler } from './settings/changing-network-settings/change-network-settings.command';
import { ChangeNetworkSettingsController } from './settings/changing-network-settings/change-network-settings.controller';

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

/** Requests that need no CSRF token (there is no session yet to protect). */
export const COMMAND_SERVICE_CSRF_EXEMPT = ['POST /users/sign_in'];

@Module({})
export class CommandServiceModule {
  static register(infra: Infrastructure): DynamicModule {
    return {
      module: CommandServiceModule,
      imports: [CqrsModule.forRoot()],
      controllers: [
        SignInController,
        SignOutController,
        ChangeNetworkSettingsController,
        SetPresenceController,
        RegisterMemberController,
        EraseMemberController,
      ],
      providers: [
        { provide: INFRASTRUCTURE, useValue: infra },
        { provide: CommandLookup, useFactory: () => new CommandLookup(infra) },
        { provide: LookupLifecycle, useFactory: (lookup: CommandLookup) => new LookupLifecycle(lookup), inject: [CommandLookup] },
        SignInHandler,
        ChangeNetworkSettingsHandler,
        SetPresenceHandler,
        RegisterMemberHandler,
        EraseMemberHandler,
      ],
      exports: [CommandLookup],
    };
  }
}
