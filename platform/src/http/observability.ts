import pino from 'pino';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export const createLogger = (service: string): pino.Logger =>
  pino({
    name: service,
    level: process.env['LOG_LEVEL'] ?? (process.env['NODE_ENV'] === 'test' ? 'silent' : 'info'),
    base: { service },
    redact: ['req.headers.cookie', 'req.headers["x-csrf-token"]', 'password', '*.password'],
  });

export interface Metrics {
  registry: Registry;
  commands: Counter<'command' | 'outcome'>;
  appends: Counter<'stream_category'>;
  projectionLag: Gauge<'projector'>;
  httpRequests: Histogram<'method' | 'route' | 'status'>;
}

/** One registry per service instance, so that several services (or tests) in one process do not collide. */
export const createMetrics = (): Metrics => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    commands: new Counter({ name: 'cn_commands_total', help: 'Commands handled, by name and outcome', labelNames: ['command', 'outcome'], registers: [registry] }),
    appends: new Counter({ name: 'cn_event_appends_total', help: 'Events appended, by stream category', labelNames: ['stream_category'], registers: [registry] }),
    projectionLag: new Gauge({ name: 'cn_projection_lag_events', help: 'Positions a projector is behind the head', labelNames: ['projector'], registers: [registry] }),
    httpRequests: new Histogram({
      name: 'cn_http_request_duration_seconds',
      help: 'HTTP request duration',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
  };
};
