import type { Server } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import type { Infrastructure } from '@cn/platform';
import { PROJECTION_RUNTIME } from './projection-service.module';
import type { ProjectionServiceRuntime } from './projection-runtime';
import { attachRealtime, type RealtimeServer } from './realtime/attach-realtime';
import { attachVisitorRealtime } from './realtime/attach-visitor-realtime';
import { attachChatSocket, type ChatCommandSink } from './chat/attach-chat-socket';

export interface RunningProjectionService {
  runtime: ProjectionServiceRuntime;
  realtime: RealtimeServer | null;
  /** the signed-out visitors' socket of public topics (/api/realtime/public) */
  visitorRealtime: RealtimeServer | null;
  stop(): Promise<void>;
}

export interface StartProjectionServiceOptions {
  /** the HTTP server that serves /api/realtime; default the app's own, false for none */
  realtimeServer?: Server | false;
  /** the write side for the chat socket's actions (standalone: the command service's ChatCommandGateway); without it the socket only reads */
  chatCommands?: ChatCommandSink;
}

/** Starts the projectors of a Nest app built with ProjectionServiceModule and attaches the realtime socket. */
export const startProjectionService = async (
  app: INestApplication,
  infra: Infrastructure,
  options: StartProjectionServiceOptions = {},
): Promise<RunningProjectionService> => {
  const runtime = app.get<ProjectionServiceRuntime>(PROJECTION_RUNTIME, { strict: false });
  await runtime.start();
  const server = options.realtimeServer === false ? null : (options.realtimeServer ?? (app.getHttpServer() as Server));
  const realtime = server
    ? attachRealtime(server, {
        hub: runtime.hub,
        session: infra.config.session,
        logger: infra.logger,
        allowedOrigins: infra.config.allowedOrigins,
        trustProxy: infra.config.trustProxy !== false,
        readPosition: () => runtime.gate.position?.() ?? 0,
      })
    : null;
  const visitorRealtime = server
    ? attachVisitorRealtime(server, {
        hub: runtime.hub,
        logger: infra.logger,
        allowedOrigins: infra.config.allowedOrigins,
        trustProxy: infra.config.trustProxy !== false,
        readPosition: () => runtime.gate.position?.() ?? 0,
      })
    : null;
  const chat = server
    ? attachChatSocket(server, {
        hub: runtime.hub,
        store: infra.documentStore,
        cipher: infra.cipher,
        clock: infra.clock,
        session: infra.config.session,
        commands: options.chatCommands ?? null,
        logger: infra.logger,
        allowedOrigins: infra.config.allowedOrigins,
        trustProxy: infra.config.trustProxy !== false,
      })
    : null;
  return {
    runtime,
    realtime,
    visitorRealtime,
    stop: async () => {
      await chat?.close();
      await visitorRealtime?.close();
      await realtime?.close();
      await runtime.stop();
    },
  };
};
