import type { IncomingMessage } from 'node:http';
import {
  applyDecorators,
  createParamDecorator,
  Inject,
  Injectable,
  Optional,
  SetMetadata,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import type { z } from 'zod';
import { CONSISTENCY_WAIT_MS, mayCall, twoFactorSetupRequired, type MemberRoles, type NetworkSettings, type RouteAuth, type TwoFactorType } from '@cn/contracts';
import type { CommandContext } from '@cn/domain';
import { HttpProblem, parseWith } from './problems';
import { requestContextOf } from './request-context';
import { CONSISTENCY_GATE, requestedPosition, type ConsistencyGate } from './consistency';
import type { RouteResponse } from './openapi';

/**
 * A route describes itself once, on its handler: summary, who may call it, the body and query schemas,
 * the answers. The method and path come from Nest's own decorators (`@Put()`, `@Controller(path)`), so the
 * OpenAPI document (`endpointRoutes`) cannot drift from the code. `auth` other than 'none' puts the
 * member guard before the handler: 401 and 403 are answered before any payload is parsed (400).
 */
export interface EndpointDefinition {
  summary: string;
  tags?: string[];
  auth: RouteAuth;
  body?: z.ZodType;
  query?: z.ZodType;
  responses: Record<number, string | RouteResponse>;
  /** the command the route issues (the `command` label of cn_commands_total; refusals before deciding count too) */
  command?: string;
  /**
   * The concrete path the document shows for a route whose last segment is a parameter standing for a file
   * name (`/appointments/{id}/attendees.csv` for `appointments/:id/:file`); it must match the route.
   */
  documentedAs?: string;
  /**
   * A body the route reads itself as a stream instead of JSON (an upload): its media type and the
   * OpenAPI schema of the body (e.g. multipart/form-data with a binary `file` part).
   */
  streamedBody?: { mediaType: string; schema: Record<string, unknown> };
  /**
   * The route is part of setting up a second factor (or what that setup needs): a member the network makes
   * set one up first may call it. Every other guarded route answers them 403 two_factor_required.
   */
  twoFactorSetup?: true;
  /**
   * A request without a session that carries `?token=` passes the guard and the handler authenticates it by
   * that token (a file's download token for clients that send no cookies); with a session the guard decides
   * as for any route, the token ignored.
   */
  tokenQuery?: true;
}

/** The member a guarded route runs for, as the service's member access knows them. */
export interface SignedInMember {
  id: string;
  roles: MemberRoles;
}

/** How a service learns whether a session's member is an active member (its own read model). */
export interface MemberAccess {
  /** null for an unknown or erased member */
  activeMember(memberId: string): Promise<SignedInMember | null>;
  networkSettings(): Promise<NetworkSettings>;
  /**
   * The types of the member's second factors. A service that cannot tell (the search side) leaves it out
   * and enforces nothing.
   */
  factorTypes?(memberId: string): Promise<readonly TwoFactorType[]>;
}

/** The provider token under which each service registers its MemberAccess. */
export const MEMBER_ACCESS = Symbol('MEMBER_ACCESS');

const ENDPOINT_METADATA = 'cn:endpoint';

/** every handler decorated with @Endpoint, in declaration order */
const declared: Array<{ controller: object; handler: object; definition: EndpointDefinition }> = [];

export const endpointOf = (handler: object): EndpointDefinition | undefined =>
  Reflect.getMetadata(ENDPOINT_METADATA, handler) as EndpointDefinition | undefined;

/**
 * The guard of every signed-in route: an active member (401 otherwise) with the route's ability (403 otherwise).
 * A request naming its write position (X-Consistency-Position) is judged as of that position where the
 * service's read models stand behind a gate: a member just registered, or just given a role, is not refused
 * by a read side that has not projected it yet.
 */
@Injectable()
export class MemberGuard implements CanActivate {
  constructor(
    @Inject(MEMBER_ACCESS) private readonly members: MemberAccess,
    @Optional() @Inject(CONSISTENCY_GATE) private readonly gate?: ConsistencyGate,
  ) {}

  async canActivate(execution: ExecutionContext): Promise<boolean> {
    const definition = endpointOf(execution.getHandler());
    const auth = definition?.auth ?? 'member';
    const req = execution.switchToHttp().getRequest<IncomingMessage>();
    if (definition) routed.set(req, definition);
    if (auth === 'none') return true;
    const { memberId } = requestContextOf(req);
    if (!memberId && definition?.tokenQuery && new URL(req.url ?? '/', 'http://host').searchParams.has('token')) return true;
    const position = memberId && this.gate ? requestedPosition(req) : null;
    if (position !== null) await this.gate?.waitFor(position, CONSISTENCY_WAIT_MS);
    const member = memberId ? await this.members.activeMember(memberId) : null;
    if (!member) throw new HttpProblem(401, 'unauthenticated');
    const settings = await this.members.networkSettings();
    // where the network enforces two-factor, a member without a factor it allows may only set one up
    if (!definition?.twoFactorSetup && settings.member.two_factor === 'enforced' && this.members.factorTypes) {
      if (twoFactorSetupRequired(settings.member, await this.members.factorTypes(member.id))) throw new HttpProblem(403, 'two_factor_required');
    }
    // a role route asks the network's rules (memberAbilities) what the member may do
    if (auth !== 'member' && !mayCall(auth, member.roles, settings)) throw new HttpProblem(403, 'forbidden');
    signedIn.set(req, member);
    return true;
  }
}

const signedIn = new WeakMap<IncomingMessage, SignedInMember>();
const routed = new WeakMap<IncomingMessage, EndpointDefinition>();

/** The endpoint a request reached (once its guard or payload parsing ran), for the problem filter's counters. */
export const endpointOfRequest = (req: IncomingMessage): EndpointDefinition | undefined => routed.get(req);

export const Endpoint = (definition: EndpointDefinition): MethodDecorator => {
  const describe: MethodDecorator = (target, _key, descriptor) => {
    declared.push({ controller: target.constructor, handler: descriptor.value as object, definition });
  };
  return applyDecorators(
    SetMetadata(ENDPOINT_METADATA, definition),
    describe,
    ...(definition.auth === 'none' ? [] : [UseGuards(MemberGuard)]),
  );
};

/** The signed-in member of a guarded route. */
export const Member = createParamDecorator((_data: unknown, execution: ExecutionContext): SignedInMember => {
  const member = signedIn.get(execution.switchToHttp().getRequest<IncomingMessage>());
  if (!member) throw new Error('@Member() is only available on a route whose @Endpoint has auth other than none');
  return member;
});

/** Who issues the command and the ids its events carry: the signed-in member (or nobody), correlation and request. */
export const Issuer = createParamDecorator((_data: unknown, execution: ExecutionContext): CommandContext => {
  const req = execution.switchToHttp().getRequest<IncomingMessage>();
  const context = requestContextOf(req);
  return { memberId: signedIn.get(req)?.id ?? null, correlationId: context.correlationId, causationId: context.requestId };
});

/** The request body parsed with the route's `body` schema (400 validation_failed with every field otherwise). */
export const Payload = createParamDecorator((_data: unknown, execution: ExecutionContext): unknown => {
  const definition = endpointOf(execution.getHandler());
  if (!definition?.body) throw new Error('@Payload() needs a body schema in the route\'s @Endpoint');
  const req = execution.switchToHttp().getRequest<IncomingMessage & { body?: unknown }>();
  routed.set(req, definition);
  return parseWith(definition.body, req.body);
});

/** The query string parsed with the route's `query` schema. */
export const ParsedQuery = createParamDecorator((_data: unknown, execution: ExecutionContext): unknown => {
  const schema = endpointOf(execution.getHandler())?.query;
  if (!schema) throw new Error('@ParsedQuery() needs a query schema in the route\'s @Endpoint');
  return parseWith(schema, execution.switchToHttp().getRequest<{ query?: unknown }>().query);
});

const PATH_METADATA = 'path';
const METHOD_METADATA = 'method';
/** Nest's RequestMethod enum values, in order */
const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;

const joinPath = (...parts: unknown[]): string =>
  `/${parts
    .flatMap((part): unknown[] => (Array.isArray(part) ? [(part as unknown[])[0]] : [part]))
    .filter((part): part is string => typeof part === 'string' && part !== '' && part !== '/')
    .map((part) => part.replace(/^\/+|\/+$/g, ''))
    .join('/')}`;

/** whether a documented path is one the route's pattern (`:param` segments) serves */
const servedBy = (pattern: string, documented: string): boolean => {
  const template = pattern.split('/');
  const concrete = documented.replace(/\{[^}]+\}/g, 'x').split('/');
  return template.length === concrete.length && template.every((segment, i) => segment.startsWith(':') || segment === concrete[i]);
};

/** Every declared endpoint with the method and path Nest routes it by. */
export const endpointRoutes = (): Array<EndpointDefinition & { method: (typeof METHODS)[number]; path: string }> =>
  declared.map(({ controller, handler, definition }) => {
    const method = METHODS[Reflect.getMetadata(METHOD_METADATA, handler) as number];
    if (!method) throw new Error(`@Endpoint '${definition.summary}' has no Nest route method decorator`);
    const path = joinPath(Reflect.getMetadata(PATH_METADATA, controller), Reflect.getMetadata(PATH_METADATA, handler));
    if (definition.documentedAs && !servedBy(path, definition.documentedAs)) {
      throw new Error(`@Endpoint documents ${definition.documentedAs}, which ${method.toUpperCase()} ${path} does not serve`);
    }
    return { ...definition, method, path: definition.documentedAs ?? path };
  });
