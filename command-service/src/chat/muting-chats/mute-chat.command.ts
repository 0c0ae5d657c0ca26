import { randomUUID } from 'node:crypto';
import { Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { chatStream, CHAT_MUTE_FOREVER } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { createScheduler, InjectPort, type DocumentStore, type Scheduler } from '@cn/platform';
import type pino from 'pino';
import { CommandRunner } from '../../core/command-runner';
import { ChatAccess } from '../chat-access';
import { chatDecider } from '../chat.decider';
import type { ChatCommandAnswer } from '../posting-chat-messages/post-chat-message.command';

export const MUTE_CHAT = 'MuteChat';
export const UNMUTE_CHAT = 'UnmuteChat';
export const EXPIRE_CHAT_MUTE = 'ExpireChatMute';
const MUTE_ENDS = 'chat-mute-ends';

interface MuteEnds {
  chat_key: string;
  member_id: string;
  until: string;
  app: boolean;
}

const timerKey = (chatKey: string, memberId: string, app: boolean): string => `chat-mute:${chatKey}:${memberId}:${app ? 'app' : 'web'}`;

/**
 * The timers that end timed mutes: kept by the platform's durable scheduler, so a mute that ends while the
 * service is down ends when it starts again. The timer's command ends only the mute it was set for.
 */
@Injectable()
export class ChatMuteTimers implements OnApplicationBootstrap, OnModuleDestroy {
  readonly scheduler: Scheduler;

  constructor(
    private readonly commands: CommandRunner,
    @InjectPort('documentStore') store: DocumentStore,
    @InjectPort('clock') clock: () => Date,
    @InjectPort('logger') logger: pino.Logger,
  ) {
    this.scheduler = createScheduler({ store, clock, logger });
    this.scheduler.handle(MUTE_ENDS, (payload) => this.expire(payload as MuteEnds));
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.scheduler.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.scheduler.stop();
  }

  /** set before the mute is appended: a timer whose mute never made it ends nothing */
  async set(ends: MuteEnds): Promise<void> {
    if (ends.until === CHAT_MUTE_FOREVER) return;
    await this.scheduler.schedule(timerKey(ends.chat_key, ends.member_id, ends.app), ends.until, MUTE_ENDS, ends);
  }

  async clear(chatKey: string, memberId: string, app: boolean): Promise<void> {
    await this.scheduler.cancel(timerKey(chatKey, memberId, app));
  }

  private async expire(ends: MuteEnds): Promise<void> {
    const context: CommandContext = { memberId: null, correlationId: randomUUID(), causationId: `timer:${timerKey(ends.chat_key, ends.member_id, ends.app)}` };
    await this.commands.run(EXPIRE_CHAT_MUTE, {
      streamId: chatStream(ends.chat_key),
      decider: chatDecider,
      context,
      command: { type: 'ExpireChatMute', ...ends },
    });
  }
}

/** Mute a chat until a time (the app's mute is separate); `until` 9999-12-31 is forever. */
export class MuteChatCommand extends Command<ChatCommandAnswer> {
  constructor(
    readonly issuer: CommandContext,
    readonly payload: { chat_id: string; until: string | null; app: boolean },
  ) {
    super();
  }
}

@CommandHandler(MuteChatCommand)
export class MuteChatHandler implements ICommandHandler<MuteChatCommand> {
  constructor(
    private readonly commands: CommandRunner,
    private readonly access: ChatAccess,
    private readonly timers: ChatMuteTimers,
  ) {}

  async execute({ issuer, payload }: MuteChatCommand): Promise<ChatCommandAnswer> {
    const { member_id, chat_key, can } = await this.access.of(issuer, payload.chat_id);
    if (payload.until === null) {
      const handled = await this.commands.run(UNMUTE_CHAT, {
        streamId: chatStream(chat_key),
        decider: chatDecider,
        context: issuer,
        command: { type: 'UnmuteChat', chat_key, member_id, can, app: payload.app },
      });
      await this.timers.clear(chat_key, member_id, payload.app);
      return { position: handled.position, chat_key };
    }
    const until = new Date(payload.until).toISOString();
    const now = this.commands.clock();
    if (can.read && Date.parse(until) > now.getTime()) await this.timers.set({ chat_key, member_id, until, app: payload.app });
    const handled = await this.commands.run(MUTE_CHAT, {
      streamId: chatStream(chat_key),
      decider: chatDecider,
      context: issuer,
      command: { type: 'MuteChat', chat_key, member_id, can, until, app: payload.app, now: now.toISOString() },
    });
    return { position: handled.position, chat_key };
  }
}
