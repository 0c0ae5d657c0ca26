import type { Server } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import type { Infrastructure } from '@cn/platform';
import { PROJECTION_RUNTIME } from './projection-service.module';
import type { ProjectionServiceRuntime } from './projection-runtime';
import { attachRealtime, type RealtimeServer } from './realtime/attach-realtime';

export interface RunningProjectionService {
  runtime: ProjectionServiceRuntime;
  realtime: RealtimeServer | null;
  stop(): Promise<void>;
}

export interface StartProjectionServiceOptions {
  /** the HTTP server that serves /api/realtime; default the app's own, false for none */
  realtimeServer?: Server | false;
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
      })
    : null;
  return {
    runtime,
    realtime,
    stop: async () => {
      await realtime?.close();
      await runtime.stop();
    },
  };
};
