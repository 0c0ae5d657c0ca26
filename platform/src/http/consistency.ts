import { Inject, Injectable, Optional, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import { from, switchMap, type Observable } from 'rxjs';
import { CONSISTENCY_HEADER, CONSISTENCY_WAIT_MS } from '@cn/contracts';

export const CONSISTENCY_GATE: unique symbol = Symbol('CONSISTENCY_GATE');

export interface ConsistencyGate {
  /** true when every projector behind the gate has reached the position within the time */
  waitFor(position: number, timeoutMs: number): Promise<boolean>;
}

export const gateOf = (projectors: Array<{ waitFor(p: number, t: number): Promise<boolean> }>): ConsistencyGate => ({
  waitFor: async (position, timeoutMs) => {
    const reached = await Promise.all(projectors.map((projector) => projector.waitFor(position, timeoutMs)));
    return reached.every(Boolean);
  },
});

const requestedPosition = (req: IncomingMessage): number | null => {
  const raw = req.headers[CONSISTENCY_HEADER.toLowerCase()];
  const value = Number(Array.isArray(raw) ? raw[0] : raw);
  return raw !== undefined && Number.isSafeInteger(value) && value > 0 ? value : null;
};

/** On query controllers: a query carrying X-Consistency-Position waits for the read models to reach it. */
@Injectable()
export class ConsistencyInterceptor implements NestInterceptor {
  constructor(@Optional() @Inject(CONSISTENCY_GATE) private readonly gate?: ConsistencyGate) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const position = requestedPosition(context.switchToHttp().getRequest<IncomingMessage>());
    if (position === null || !this.gate) return next.handle();
    return from(this.gate.waitFor(position, CONSISTENCY_WAIT_MS)).pipe(switchMap(() => next.handle()));
  }
}
