import type { IncomingMessage } from 'node:http';
import type { ExecutionContext } from '@nestjs/common';
import { CONSISTENCY_HEADER, DEFAULT_NETWORK_SETTINGS, SESSION_COOKIE, type MemberRoles } from '@cn/contracts';
import type { ConsistencyGate } from './consistency';
import { MemberGuard, type MemberAccess } from './endpoints';
import { HttpProblem } from './problems';
import { useSessionConfig } from './request-context';
import { createSessionToken } from './session';

const NO_ROLES: MemberRoles = { network_admin: false, auditor: false, external: false };
const session = { secret: 'member-guard-test-secret', ttlMs: 60_000, secureCookie: false };

/** a read side that projects the member only once its gate was waited for (a registration not yet projected) */
const readSide = () => {
  const state = { projected: false, waitedFor: [] as number[] };
  const members: MemberAccess = {
    activeMember: (memberId) => Promise.resolve(state.projected ? { id: memberId, roles: NO_ROLES } : null),
    networkSettings: () => Promise.resolve(DEFAULT_NETWORK_SETTINGS),
  };
  const gate: ConsistencyGate = {
    waitFor: async (position) => {
      state.waitedFor.push(position);
      await new Promise((resolve) => setImmediate(resolve));
      state.projected = true;
      return true;
    },
  };
  return { state, members, gate };
};

const requestOf = (headers: Record<string, string>): ExecutionContext => {
  const req = { headers: { cookie: `${SESSION_COOKIE}=${encodeURIComponent(createSessionToken('member-1', session))}`, ...headers }, url: '/api/v1/x' } as unknown as IncomingMessage;
  const handler = () => undefined;
  return { getHandler: () => handler, switchToHttp: () => ({ getRequest: () => req }) } as unknown as ExecutionContext;
};

const refusal = async (run: Promise<unknown>): Promise<number | null> => {
  try {
    await run;
    return null;
  } catch (error) {
    if (error instanceof HttpProblem) return error.status;
    throw error;
  }
};

describe('the member guard and the write position a request names', () => {
  beforeAll(() => useSessionConfig(session));

  it('judges a request naming its write position as of that position: a member not projected yet is let in once it is', async () => {
    const { state, members, gate } = readSide();
    await expect(new MemberGuard(members, gate).canActivate(requestOf({ [CONSISTENCY_HEADER.toLowerCase()]: '42' }))).resolves.toBe(true);
    expect(state.waitedFor).toEqual([42]);
  });

  it('waits for nothing without a position: the member the read side does not know yet is refused (401)', async () => {
    const { state, members, gate } = readSide();
    expect(await refusal(new MemberGuard(members, gate).canActivate(requestOf({})))).toBe(401);
    expect(state.waitedFor).toEqual([]);
  });

  it('waits for nothing where no read models stand behind a gate (the command side asks its own lookup)', async () => {
    const { state, members } = readSide();
    expect(await refusal(new MemberGuard(members).canActivate(requestOf({ [CONSISTENCY_HEADER.toLowerCase()]: '42' })))).toBe(401);
    expect(state.waitedFor).toEqual([]);
  });
});
