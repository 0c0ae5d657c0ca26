import type { Server } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import type express from 'express';
import type { NextFunction, Request, Response } from 'express';
import type pino from 'pino';
import { CSRF_HEADER, SESSION_COOKIE } from '@cn/contracts';
import type { DocumentStore } from '@cn/platform/document-store';
import { INFRASTRUCTURE } from './infrastructure-token';
import type { Metrics } from './observability';
import { openApi } from './openapi';
import { answerError, ProblemFilter, sendProblem } from './problem-filter';
import { runInRequestScope } from './request-scope';
import { attachRequestContext, cookieValue, createRequestContext, requestContextOf, useSessionConfig } from './request-context';
import { verifyCsrfToken, type SessionConfig } from './session';
import { REVOCATION_REFRESH_MS, sessionRevocationsOf, type SessionRevocations } from './session-revocation';
import { metricsAccessOf, securityHeadersWith, tileImageSource, type MetricsAccess } from './security';
import { storageHealth } from '@cn/platform/storage';

export interface HttpKitOptions {
  session: SessionConfig;
  logger: pino.Logger;
  metrics: Metrics;
  readiness: () => Promise<boolean>;
  /** `METHOD /path` pairs that need no CSRF token, e.g. ['POST /users/sign_in'] */
  csrfExempt?: string[];
  /** JSON body limit (default 1mb) */
  jsonLimit?: string;
  /** where signed-out sessions are recorded; default: the document store of the app's INFRASTRUCTURE provider */
  documentStore?: DocumentStore;
  /**
   * the clock that ages the view of the revoked sessions (tests advance it instead of waiting for the
   * refresh period); default: the clock of the app's INFRASTRUCTURE provider, else the system clock
   */
  clock?: () => Date;
  /** Express's 'trust proxy' (PlatformConfig.trustProxy); default false: `req.ip` is the socket's peer */
  trustProxy?: boolean | number | string;
  /** who may read /metrics (PlatformConfig.metrics); default: loopback only */
  metricsAccess?: MetricsAccess;
  /** the map's tile URL template (PlatformConfig.mapTileUrl): its origin joins the policy's img-src */
  mapTileUrl?: string;
  /** the office suite's origins (PlatformConfig.wopi.allowedOrigins): they join the policy's form-action */
  formActions?: readonly string[];
}

/* eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded when the kit is applied, not with the platform: a rebuild serves no HTTP */
const expressModule = (): typeof express => require('express') as typeof express;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** readiness writes one small document here to learn whether the storage takes writes again */
const HEALTH_PROBES = '_health_probes';
const PROBE_ID = `${process.pid}`;

interface InFlight {
  count: number;
  draining: boolean;
  idle: Array<() => void>;
}

const inFlightByApp = new WeakMap<INestApplication, InFlight>();

/**
 * Counts requests being handled so that shutdown can wait for in-flight commands; once draining,
 * new requests are refused with 503. Idempotent; applyHttpKit installs it.
 */
export const trackInFlight = (app: INestApplication): InFlight => {
  const known = inFlightByApp.get(app);
  if (known) return known;
  const state: InFlight = { count: 0, draining: false, idle: [] };
  inFlightByApp.set(app, state);
  app.use((_req: Request, res: Response, next: NextFunction) => {
    if (state.draining) {
      res.setHeader('Connection', 'close');
      sendProblem(res, { statusCode: 503, error: 'service_unavailable', errors: [] });
      return;
    }
    state.count += 1;
    res.once('close', () => {
      state.count -= 1;
      if (state.count === 0) state.idle.splice(0).forEach((resolve) => resolve());
    });
    next();
  });
  return state;
};

/** Stops accepting requests and resolves true once every in-flight request finished (false on timeout). */
export const drainInFlight = async (app: INestApplication, timeoutMs = 10_000): Promise<boolean> => {
  const state = inFlightByApp.get(app);
  if (!state) return true;
  state.draining = true;
  if (state.count === 0) return true;
  let timer: NodeJS.Timeout | undefined;
  const drained = await Promise.race([
    new Promise<boolean>((resolve) => state.idle.push(() => resolve(true))),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    }),
  ]);
  clearTimeout(timer);
  return drained;
};

export const isDraining = (app: INestApplication): boolean => inFlightByApp.get(app)?.draining ?? false;

const LOOPBACK_ONLY: MetricsAccess = { allow: ['127.0.0.0/8', '::1/128'] };

/** what the kit reads from the app's INFRASTRUCTURE provider (an Infrastructure of @cn/platform/infrastructure) */
interface KitInfrastructure {
  documentStore?: DocumentStore;
  clock?: () => Date;
}

const infrastructureOf = (app: INestApplication): KitInfrastructure | null => {
  try {
    return app.get<KitInfrastructure>(INFRASTRUCTURE, { strict: false });
  } catch {
    return null;
  }
};

/** The revoked sessions' store and the clock their view ages by (see HttpKitOptions). */
const revocationSourceOf = (app: INestApplication, options: HttpKitOptions): { store: DocumentStore | null; clock: () => Date } => {
  const infra = options.documentStore && options.clock ? null : infrastructureOf(app);
  return {
    store: options.documentStore ?? infra?.documentStore ?? null,
    clock: options.clock ?? infra?.clock ?? (() => new Date()),
  };
};

/** While the server listens, reloads the revoked ids about once a refresh period, for the WebSocket upgrade (which cannot wait). */
const keepRevocationsFresh = (app: INestApplication, revocations: SessionRevocations, logger: pino.Logger): void => {
  const server = app.getHttpServer() as Server;
  let timer: NodeJS.Timeout | undefined;
  const start = (): void => {
    timer ??= setInterval(() => {
      revocations.refresh().catch((error: unknown) => logger.warn({ err: error }, 'reading revoked sessions failed'));
    }, REVOCATION_REFRESH_MS);
    timer.unref();
  };
  server.on('listening', start);
  server.on('close', () => {
    clearInterval(timer);
    timer = undefined;
  });
  if (server.listening) start();
};

/**
 * Installs what every service shares. Call it after NestFactory.create and before app.init()/listen(),
 * so that its JSON parser and routes come before Nest's.
 */
export const applyHttpKit = (app: INestApplication, options: HttpKitOptions): void => {
  const { session, logger, metrics } = options;
  const exempt = new Set(options.csrfExempt ?? []);
  const { store, clock } = revocationSourceOf(app, options);
  const revocations = store ? sessionRevocationsOf(store, { clock: () => clock().getTime() }) : null;
  if (revocations) keepRevocationsFresh(app, revocations, logger);
  else logger.warn('no document store: signed-out sessions are not refused');
  useSessionConfig(session, revocations);
  // first, so that every answer has them, the 503s of a draining service and the consoles' files included
  const tiles = options.mapTileUrl ? tileImageSource(options.mapTileUrl) : null;
  app.use(securityHeadersWith(tiles ? [tiles] : [], options.formActions ?? []));
  trackInFlight(app);
  const mayReadMetrics = metricsAccessOf(options.metricsAccess ?? LOOPBACK_ONLY);

  const begin = (req: Request, res: Response): void => {
    const context = createRequestContext(req, session, revocations);
    attachRequestContext(req, context);
    res.setHeader('X-Request-Id', context.requestId);
    res.setHeader('X-Correlation-Id', context.correlationId);
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = (req.route as { path?: unknown } | undefined)?.path;
      metrics.httpRequests.observe(
        { method: req.method, route: typeof route === 'string' ? route : 'unmatched', status: String(res.statusCode) },
        seconds,
      );
      // the request line is built only when it is written (LOG_LEVEL above info skips it)
      if (logger.isLevelEnabled('info')) {
        logger.info(
          { method: req.method, path: req.path, status: res.statusCode, ms: Math.round(seconds * 1000), requestId: context.requestId, correlationId: context.correlationId, memberId: context.memberId },
          'request',
        );
      }
    });
  };
  app.use((req: Request, res: Response, next: NextFunction) => {
    // a request with a session waits for a view of the revoked sessions at most REVOCATION_REFRESH_MS old
    if (!revocations || !revocations.isStale() || cookieValue(req, SESSION_COOKIE) === undefined) {
      begin(req, res);
      next();
      return;
    }
    revocations.refresh().then(
      () => {
        begin(req, res);
        next();
      },
      (error: unknown) => {
        logger.error({ err: error }, 'reading revoked sessions failed');
        sendProblem(res, { statusCode: 503, error: 'service_unavailable', errors: [] });
      },
    );
  });

  app.use(expressModule().json({ limit: options.jsonLimit ?? '1mb' }));
  app.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    answerError(logger, req, res, error);
  });

  app.use((req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method) || exempt.has(`${req.method} ${req.path}`)) {
      next();
      return;
    }
    const context = requestContextOf(req);
    // Without a session there is no ambient authority to forge; the route answers 401 itself.
    if (context.sessionToken && !verifyCsrfToken(context.sessionToken, req.get(CSRF_HEADER), session)) {
      sendProblem(res, { statusCode: 403, error: 'invalid_csrf_token', errors: [{ field: CSRF_HEADER, key: 'invalid_csrf_token' }] });
      return;
    }
    next();
  });
  // after the body is read (its stream's callbacks would run outside the scope): guards and route share their answers
  app.use((_req: Request, res: Response, next: NextFunction) => runInRequestScope(next, (end) => res.once('close', end)));

  const http = app.getHttpAdapter().getInstance() as express.Express;
  http.disable('x-powered-by');
  http.set('trust proxy', options.trustProxy ?? false);
  http.get('/health/live', (_req: Request, res: Response) => {
    res.json({ status: 'ok' });
  });
  // after a storage fault, ready again only once a small write succeeds (the service resumes by itself)
  const probeStorage = async (): Promise<void> => {
    if (!store) throw new Error('no document store to probe');
    await store.collection(HEALTH_PROBES).upsert({ _id: PROBE_ID, at: Date.now() });
  };
  http.get('/health/ready', (_req: Request, res: Response) => {
    const ready = isDraining(app)
      ? Promise.resolve(false)
      : storageHealth.check(probeStorage).then((writable) => writable && options.readiness()).catch(() => false);
    void ready.then((ok) => res.status(ok ? 200 : 503).json({ status: ok ? 'ready' : 'not_ready', ...(storageHealth.failing ? { storage: 'unavailable' } : {}) }));
  });
  http.get('/metrics', (req: Request, res: Response) => {
    if (!mayReadMetrics(req)) {
      sendProblem(res, { statusCode: 403, error: 'forbidden', errors: [] });
      return;
    }
    void metrics.registry.metrics().then((text) => res.type(metrics.registry.contentType).send(text));
  });
  http.get('/api/docs', (_req: Request, res: Response) => {
    res.json(openApi.document());
  });

  app.useGlobalFilters(new ProblemFilter(logger, metrics));
};
