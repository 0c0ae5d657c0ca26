import { z } from 'zod';
import { CONSISTENCY_HEADER, RETRY_AFTER_HEADER, commandAcceptedSchema } from '@cn/contracts';
import { endpointRoutes } from './endpoints';

/**
 * One answer of a route: a description, or a description with the JSON body's schema (emitted as
 * `content['application/json'].schema`, io 'output') and the headers it always carries (name → description).
 */
export interface RouteResponse {
  description: string;
  schema?: z.ZodType;
  headers?: Record<string, string>;
  /** other media types the route may answer instead of JSON (e.g. `text/calendar` for `{id}.ics`), without a schema */
  otherMediaTypes?: string[];
  /** OpenAPI links from this answer to other operations (`operationRef` JSON pointers or `operationId`s) */
  links?: Record<string, RouteLink>;
}

/** An OpenAPI link: `parameters` and `requestBody` may hold runtime expressions such as `$response.body#/id`. */
export interface RouteLink {
  /** `method path` of the target, e.g. `get /calendars/{id}` (becomes an operationRef) */
  target: string;
  description?: string;
  parameters?: Record<string, string>;
  requestBody?: Record<string, unknown>;
}

/** A route as the document describes it: its @Endpoint, with the method and path Nest routes it by (endpointRoutes). */
interface RouteDefinition {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  summary: string;
  tags?: string[];
  body?: z.ZodType;
  query?: z.ZodType;
  responses: Record<number, string | RouteResponse>;
  auth?: 'none' | 'member' | 'admin' | 'auditor';
  streamedBody?: { mediaType: string; schema: Record<string, unknown> };
}


const jsonSchemaOf = (schema: z.ZodType, io: 'input' | 'output' = 'input'): Record<string, unknown> => {
  try {
    const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
    return rest;
  } catch {
    return {};
  }
};

/** `/members/:id` → `/members/{id}` */
const openApiPath = (path: string): string => path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

const pathParameters = (path: string): Array<Record<string, unknown>> =>
  [...path.matchAll(/\{([^}]+)\}/g)].map((match) => ({ name: match[1], in: 'path', required: true, schema: { type: 'string' } }));

const queryParameters = (query: z.ZodType | undefined): Array<Record<string, unknown>> => {
  if (!query) return [];
  const schema = jsonSchemaOf(query) as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: schema.required?.includes(name) ?? false,
    schema: property,
  }));
};

const errorResponseSchema = {
  type: 'object',
  required: ['statusCode', 'error', 'errors'],
  properties: {
    statusCode: { type: 'integer' },
    error: { type: 'string' },
    message: { type: 'string' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['field', 'key'],
        properties: { field: { type: 'string' }, key: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
};

/**
 * The answers every route of a kind gives, whether or not its definition remembers them: the HTTP kit
 * and the exception filter produce them for every route alike. A route's own descriptions win.
 */
const standardResponses = (route: RouteDefinition, path: string): Record<number, string | RouteResponse> => {
  const signedIn = route.auth !== undefined && route.auth !== 'none';
  const mutating = route.method !== 'get';
  const takesInput = route.body !== undefined || route.query !== undefined || path.includes('{');
  const responses: Record<number, string | RouteResponse> = {};
  if (takesInput) responses[400] = 'validation_failed: a field is missing or invalid (errors name field and key)';
  if (signedIn) responses[401] = 'unauthenticated';
  if (signedIn && mutating) responses[403] = 'forbidden, or invalid_csrf_token';
  else if (signedIn && route.auth !== 'member') responses[403] = 'forbidden';
  if (path.includes('{')) responses[404] = 'not_found';
  if (signedIn && mutating) responses[409] = 'concurrency_conflict or a domain conflict';
  if (route.body) responses[413] = 'payload_too_large';
  // a write that met a full or read-only disk (or an unreachable store) was not acknowledged: try again later
  if (mutating) responses[503] = { description: 'storage_unavailable: nothing was written; retry after the given seconds', headers: retryAfterHeaders };
  return responses;
};

/** The header every command answer carries (commandAccepted): wait for it with the next query. */
export const consistencyHeaders: Record<string, string> = {
  [CONSISTENCY_HEADER]: 'global position of the last event the command appended; send it back on a query to read your own writes',
};

/** The header react-admin lists (simple-rest) answer with: `<resource> <first>-<last>/<total>`. */
export const contentRangeHeaders: Record<string, string> = {
  'Content-Range': 'the span answered and the total, `<resource> <first>-<last>/<total>` (`<resource> */0` when empty)',
};

/** The header a 429 answer carries: how long to wait before the next attempt. */
export const retryAfterHeaders: Record<string, string> = {
  [RETRY_AFTER_HEADER]: 'seconds to wait before the next attempt (an integer, at least 1)',
};

const headerObjects = (headers: Record<string, string>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(headers).map(([name, description]) => [name, { description, required: true, schema: { type: 'string' } }]));

/** `get /calendars/{id}` → `#/paths/~1calendars~1{id}/get` */
const operationRefOf = (target: string): string => {
  const [method, path] = target.split(' ');
  return `#/paths/${openApiPath(path).replace(/~/g, '~0').replace(/\//g, '~1')}/${method.toLowerCase()}`;
};

const linkObjects = (links: Record<string, RouteLink>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(links).map(([name, link]) => [
      name,
      {
        operationRef: operationRefOf(link.target),
        ...(link.description ? { description: link.description } : {}),
        ...(link.parameters ? { parameters: link.parameters } : {}),
        ...(link.requestBody ? { requestBody: link.requestBody } : {}),
      },
    ]),
  );

const responseObject = (status: number, answer: string | RouteResponse): Record<string, unknown> => {
  const { description, schema, headers, links, otherMediaTypes } = typeof answer === 'string' ? ({ description: answer } as RouteResponse) : answer;
  const others = Object.fromEntries((otherMediaTypes ?? []).map((mediaType) => [mediaType, { schema: { type: 'string' } }]));
  // Node's HTTP server answers a request line over its limit itself, before any route, with no body
  if (status === 431) return { description };
  if (status >= 400) {
    return {
      description,
      ...(headers && Object.keys(headers).length > 0 ? { headers: headerObjects(headers) } : {}),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } },
    };
  }
  return {
    description,
    ...(headers && Object.keys(headers).length > 0 ? { headers: headerObjects(headers) } : {}),
    ...(schema ? { content: { 'application/json': { schema: jsonSchemaOf(schema, 'output') }, ...others } } : {}),
    ...(links && Object.keys(links).length > 0 ? { links: linkObjects(links) } : {}),
  };
};

const operation = (route: RouteDefinition, path: string): Record<string, unknown> => {
  const signedIn = route.auth !== undefined && route.auth !== 'none';
  const security = signedIn ? [route.method === 'get' ? { session: [] } : { session: [], csrf: [] }] : [];
  const responses: Record<number, string | RouteResponse> = { ...standardResponses(route, path), ...route.responses };
  return {
    summary: route.summary,
    ...(route.tags ? { tags: route.tags } : {}),
    security,
    ...(signedIn ? { 'x-required-role': route.auth } : {}),
    parameters: [...pathParameters(path), ...queryParameters(route.query)],
    ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(route.body) } } } } : {}),
    ...(route.streamedBody ? { requestBody: { required: true, content: { [route.streamedBody.mediaType]: { schema: route.streamedBody.schema } } } } : {}),
    responses: Object.fromEntries(Object.entries(responses).map(([status, answer]) => [status, responseObject(Number(status), answer)])),
  };
};

/** GET /api/docs: the OpenAPI 3.1 document of every route described by @Endpoint (none is kept by hand). */
export const openApi = {
  document(): object {
    const paths: Record<string, Record<string, unknown>> = {};
    for (const route of endpointRoutes()) {
      const path = openApiPath(route.path);
      paths[path] = { ...paths[path], [route.method]: operation(route, path) };
    }
    return {
      openapi: '3.1.0',
      info: { title: 'Community network API', version: '1.0.0' },
      paths,
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'cn_session' },
          csrf: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token' },
        },
        schemas: { ErrorResponse: errorResponseSchema },
      },
    };
  },
};

/** The answer of a command: its body schema (`{ position }` unless told) and the X-Consistency-Position header. */
export const commandAnswer = (description: string, schema: z.ZodType = commandAcceptedSchema, links?: Record<string, RouteLink>): RouteResponse => ({
  description,
  schema,
  headers: consistencyHeaders,
  ...(links ? { links } : {}),
});
