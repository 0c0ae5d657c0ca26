import { Inject, Injectable, Optional, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { from, switchMap, type Observable } from 'rxjs';
import { CONSISTENCY_HEADER, CONSISTENCY_WAIT_MS, READ_POSITION_HEADER } from '@cn/contracts';

export const CONSISTENCY_GATE: unique symbol = Symbol('CONSISTENCY_GATE');

export interface ConsistencyGate {
  /** true when every projector behind the gate has reached the position within the time */
  waitFor(position: number, timeoutMs: number): Promise<boolean>;
  /** the position every projector behind the gate has reached (READ_POSITION_HEADER) */
  position?(): number;
}

export const gateOf = (projectors: Array<{ waitFor(p: number, t: number): Promise<boolean>; position(): number }>): ConsistencyGate => ({
  waitFor: async (position, timeoutMs) => {
    const reached = await Promise.all(projectors.map((projector) => projector.waitFor(position, timeoutMs)));
    return reached.every(Boolean);
  },
  position: () => Math.min(...projectors.map((projector) => projector.position())),
});

/** the write position a request names (X-Consistency-Position), null when it names none */
export const requestedPosition = (req: IncomingMessage): number | null => {
  const raw = req.headers[CONSISTENCY_HEADER.toLowerCase()];
  const value = Number(Array.isArray(raw) ? raw[0] : raw);
  return raw !== undefined && Number.isSafeInteger(value) && value > 0 ? value : null;
};

/**
 * On query controllers: a query carrying X-Consistency-Position waits for the read models to reach it; every
 * answer says, in X-Read-Position, how far they were when it was read (taken before the read: the answer
 * holds at least that much).
 */
@Injectable()
export class ConsistencyInterceptor implements NestInterceptor {
  constructor(@Optional() @Inject(CONSISTENCY_GATE) private readonly gate?: ConsistencyGate) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const position = requestedPosition(http.getRequest<IncomingMessage>());
    const stamped = (): Observable<unknown> => {
      const response = http.getResponse<ServerResponse>();
      if (this.gate?.position && !response.headersSent) response.setHeader(READ_POSITION_HEADER, String(this.gate.position()));
      return next.handle();
    };
    if (position === null || !this.gate) return stamped();
    return from(this.gate.waitFor(position, CONSISTENCY_WAIT_MS)).pipe(switchMap(stamped));
  }
}
