// The OpenAPI document at /api/docs, generated from the same zod schemas that validate and
// serialise. Routes declare their inputs and success answers; what every route shares is added
// here, once, so no route can forget it:
// - `security` (the session cookie) on every operation that needs a signed-in caller;
// - the error answers `{message, errors?}` where they can happen: 400 (validation, malformed
//   JSON, NUL characters: any route), 401 (signed-in routes), 403 (the Origin rule on writes, no
//   syndicate, roles), 404 (ids in the path), 409 (a syndicate's writes: the page showed another
//   syndicate, shared/syndicate.ts SYNDICATE_HEADER), 413/415 (bodies), 414 (path parameters over 100
//   characters), 429 (throttled routes);
// - 204 answers documented with no content.
// The schemas are added to the route itself (not only to the document), so the serializer
// writes an error exactly as documented. The API tests check every answer they receive against
// this document (src/server/test/contract.ts).
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';
import { SYNDICATE_HEADER } from '../shared/syndicate-header';
import { requireSession } from './auth/context';
import { STATE_CHANGING } from './auth/plugin';
import { errorSchema, noContent } from './lib/response-schemas';

export { errorSchema, noContent };

/** Routes that answer without a session (DESIGN.md "Auth"); the docs themselves are public too. */
export const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'POST /api/auth/register',
  'POST /api/auth/login',
  'GET /api/login',
  'GET /api/callback',
  'GET /api/logout',
  'POST /api/logout',
  // The calendar feed: calendar apps cannot sign in; the secret address is the credential.
  'GET /api/calendar/:token.ics',
]);
/** Routes that need a session but no syndicate, besides those guarded by `requireSession`. */
const SESSION_ONLY_ROUTES = new Set(['GET /api/auth/user']);
/** Routes throttled by the app's own counters (not only @fastify/rate-limit's config). */
const THROTTLED_ROUTES = new Set([
  'POST /api/auth/login',
  'POST /api/auth/register',
  'POST /api/syndicates/join',
]);

export type Access = 'public' | 'session' | 'syndicate';

type Hook = NonNullable<RouteOptions['onRequest']>;
const hooksOf = (hooks: Hook | undefined): unknown[] => (hooks === undefined ? [] : [hooks].flat());

/** Who may call a route: anyone, any signed-in user, or a member of the active syndicate. */
export function routeAccess(method: string, url: string, onRequest?: Hook): Access {
  const key = `${method} ${url}`;
  if (PUBLIC_ROUTES.has(key)) return 'public';
  if (SESSION_ONLY_ROUTES.has(key) || hooksOf(onRequest).includes(requireSession)) return 'session';
  return 'syndicate';
}

/** True for the API's own routes (the docs' pages are not operations). */
export const isApiRoute = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/** A schema that is the error body or a subset of it (`{message}`): safe to replace by it. */
function isErrorShaped(schema: unknown): boolean {
  if (!(schema instanceof z.ZodObject)) return false;
  const keys = Object.keys(schema.shape);
  return keys.includes('message') && keys.every((k) => k === 'message' || k === 'errors');
}

/** What a route's own error declaration means when it gives no description, by status. */
const DECLARED_ERRORS: Record<string, string> = {
  '401': 'Not signed in, or the credentials are wrong',
  '403': 'Refused',
  '404': 'Not found',
  '409': 'Conflict with the current state (the message says which)',
  '429': 'Too many attempts: wait and try again',
};

export interface RouteFacts {
  method: string;
  url: string;
  access: Access;
  /** Declares a body or a query string. */
  hasInput: boolean;
  /** Has a @fastify/rate-limit config. */
  rateLimited: boolean;
  /** The body names rows by id (memberId, raceId, …). */
  namesIds: boolean;
}

/** The error statuses a route can answer whatever it declares, each with what it means here. */
export function errorStatuses(route: RouteFacts): Map<number, string> {
  const { method, url, access } = route;
  const writes = STATE_CHANGING.has(method);
  const hasParams = url.includes(':');
  const out = new Map<number, string>();
  // Any route: the JSON parser and the NUL guard refuse malformed bodies and query strings.
  out.set(
    400,
    route.hasInput || hasParams
      ? 'Invalid input: `message` names the first problem, `errors` lists each field'
      : 'Malformed request (e.g. invalid JSON, or NUL characters in the query)',
  );
  if (access !== 'public') out.set(401, 'Not signed in');
  const refusals = [
    ...(writes ? ['a cross-site request (Origin rule)'] : []),
    ...(access === 'syndicate' ? ['no active syndicate', 'a role that may not do this'] : []),
  ];
  if (refusals.length > 0) out.set(403, `Refused: ${refusals.join(', or ')}`);
  if (hasParams || route.namesIds) {
    out.set(404, 'Not found (an id of another syndicate answers exactly as a missing one)');
  }
  if (hasParams) out.set(414, 'A path parameter is too long (over 100 characters)');
  if (writes && access === 'syndicate') {
    out.set(
      409,
      `The page that sent it showed another syndicate (its ${SYNDICATE_HEADER} header) than the session's`,
    );
  }
  if (writes) {
    out.set(413, 'Request body too large (over 64 KB)');
    out.set(415, 'Unsupported content type: send application/json');
  }
  if (route.rateLimited || THROTTLED_ROUTES.has(`${method} ${url}`)) {
    out.set(429, 'Too many attempts: wait and try again');
  }
  return out;
}

/** True when a body names rows by id (memberId, raceId, …): one not in the syndicate answers 404. */
function namesIds(body: unknown): boolean {
  return body instanceof z.ZodObject && Object.keys(body.shape).some((key) => key.endsWith('Id'));
}

/** onRoute: adds security and the shared error answers to one route's schema (see the top). */
export function documentRoute(route: RouteOptions): void {
  const schema = route.schema;
  // One method per route here (the app registers none with several); HEAD copies its GET.
  const method = [route.method].flat()[0];
  if (!method || method === 'HEAD' || !isApiRoute(route.url) || schema?.hide) return;
  const access = routeAccess(method, route.url, route.onRequest);
  const declared = (schema?.response ?? {}) as Record<string, unknown>;
  const response: Record<string, unknown> = {};
  // A route's own `{message}` error declarations take the shared schema, which can carry `errors`.
  for (const [status, body] of Object.entries(declared)) {
    response[status] =
      Number(status) >= 400 && isErrorShaped(body)
        ? errorSchema.describe((body as ZodType).description ?? DECLARED_ERRORS[status] ?? 'Refused')
        : body;
  }
  const statuses = errorStatuses({
    method,
    url: route.url,
    access,
    hasInput: Boolean(schema?.body || schema?.querystring),
    rateLimited: Boolean(route.config && 'rateLimit' in route.config && route.config.rateLimit),
    namesIds: namesIds(schema?.body),
  });
  for (const [status, description] of statuses) {
    const own = declared[status];
    if (own === undefined || isErrorShaped(own)) {
      // A route's own 409 (a conflict with its rows) stays, beside the shared one.
      const ownText = status === 409 && own ? ((own as ZodType).description ?? DECLARED_ERRORS['409']) : null;
      response[status] = errorSchema.describe(ownText ? `${ownText}; or ${description}` : description);
    }
  }
  route.schema = { ...schema, response, ...(access === 'public' ? {} : { security: [{ session: [] }] }) };
}

/** Installs documentRoute: call before any route is registered. */
export function installOpenapi(app: FastifyInstance): void {
  app.addHook('onRoute', documentRoute);
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** Response headers a route's answers carry, by `METHOD url` and status (zod cannot declare them). */
export const RESPONSE_HEADERS: Record<
  string,
  Record<string, Record<string, { type: 'string'; description: string }>>
> = {
  'GET /api/bets': {
    '200': {
      Link: {
        type: 'string',
        description:
          'With `limit`: `<next page address>; rel="next"` (RFC 8288), the same filters and a `cursor`; absent on the last page',
      },
    },
  },
};

/** @fastify/swagger's transform: zod → JSON Schema, then a 204 becomes "no content". */
export function openapiTransform(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const out = jsonSchemaTransform(input);
  const response = (out.schema as { response?: Record<string, unknown> } | undefined)?.response;
  // swagger writes no content for a `type: 'null'` answer (zod's 3.0 target spells null otherwise).
  if (response?.['204'] !== undefined) response['204'] = { type: 'null', description: 'No content' };
  const method = [input.route.method].flat()[0];
  for (const [status, headers] of Object.entries(RESPONSE_HEADERS[`${method} ${input.url}`] ?? {})) {
    const answer = response?.[status];
    if (answer && typeof answer === 'object') (answer as { headers?: unknown }).headers = headers;
  }
  return out;
}
