// The per-request context: who is calling, and in which syndicate. Every tenant-scoped route
// is registered through `scopedRoutes`, whose guard refuses calls without a session (401) or
// without a syndicate (403); handlers read the tenant with `tenantOf(req)`, and services take
// its syndicateId as their first argument, so no query can forget the tenant.
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_ID } from '../../shared/member';
import { SYNDICATE_CHANGED, SYNDICATE_HEADER } from '../../shared/syndicate-header';
import type { Db } from '../db/client';
import { HttpError } from '../lib/http-error';
import { STATE_CHANGING } from './plugin';
import type { AuthContext, TenantContext } from './sessions';

export const NOT_SIGNED_IN = 'Not signed in';
export const NO_SYNDICATE = 'Join or create a syndicate first';
export const ADMIN_ONLY = 'Only an admin of the syndicate can do this';
export const MEMBERSHIP_INACTIVE = 'Your membership is inactive. Ask an admin to reactivate you.';

/**
 * The writes an inactive member may still make in the syndicate: leaving it. (Signing out and
 * the account's own routes are not syndicate routes, so they are not refused either.)
 */
const INACTIVE_MAY = new Set(['POST /api/members/me/leave']);

export function requireUser(req: FastifyRequest): AuthContext {
  if (!req.auth) throw new HttpError(401, NOT_SIGNED_IN);
  return req.auth;
}

export function tenantOf(req: FastifyRequest): TenantContext {
  const auth = requireUser(req);
  if (!auth.tenant) throw new HttpError(403, NO_SYNDICATE);
  return auth.tenant;
}

/** Route option: `{ onRequest: requireAdmin }` for admin-only actions. */
export async function requireAdmin(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (tenantOf(req).role !== 'admin') throw new HttpError(403, ADMIN_ONLY);
}

/**
 * An `:id` to look up in the caller's syndicate before anything else: undefined when it is not an
 * id at all (the params schema answers 400); an id past int4 as 0, which no row has (404).
 */
export function idToLookUp(param: unknown): number | undefined {
  // A string in onRequest; a number once the params schema has run (a refusal after it).
  const raw = typeof param === 'number' ? String(param) : param;
  if (typeof raw !== 'string' || !/^[1-9][0-9]*$/.test(raw)) return undefined;
  return raw.length > 10 || Number(raw) > MAX_ID ? 0 : Number(raw);
}

/**
 * Route option `{ onRequest: requireAdminOf(find) }` for admin-only routes with an `:id`. For a
 * caller who is not an admin, the id is looked up in the caller's syndicate first (`find` throws
 * the route's 404 when it is not there), and only then refused for the role (403). So another
 * syndicate's id answers 404 to every caller, exactly as a missing id does, and a 403 is only
 * ever about the caller's own syndicate's rows. Admins go straight on: the handler looks up.
 */
export function requireAdminOf(find: (db: Db, syndicateId: number, id: number) => Promise<unknown>) {
  return async (req: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const tenant = tenantOf(req);
    if (tenant.role === 'admin') return;
    const id = idToLookUp((req.params as { id?: unknown }).id);
    if (id !== undefined) await find(req.server.deps.db, tenant.syndicateId, id);
    throw new HttpError(403, ADMIN_ONLY);
  };
}

/** Marks a route as needing a session only (not a syndicate), e.g. listing or joining syndicates. */
export async function requireSession(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
  requireUser(req);
}

/**
 * Register tenant-scoped routes: `app.register(scopedRoutes(async (app) => { ... }))`.
 * Every route inside answers 401 without a session and 403 without an active syndicate; an
 * inactive member (isActive: false, set by an admin) may read but not write (403), bar leaving.
 */
export function scopedRoutes(register: (app: FastifyInstance) => Promise<void>): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRequest', async (req) => {
      const tenant = tenantOf(req);
      if (
        !tenant.isActive &&
        STATE_CHANGING.has(req.method) &&
        !INACTIVE_MAY.has(`${req.method} ${req.routeOptions.url}`)
      ) {
        throw new HttpError(403, MEMBERSHIP_INACTIVE);
      }
      // A write from a page that shows another syndicate than the session's (another tab moved
      // the session, shared/syndicate.ts): refused before it lands where the user is not looking.
      const shown = req.headers[SYNDICATE_HEADER];
      if (
        STATE_CHANGING.has(req.method) &&
        typeof shown === 'string' &&
        shown !== String(tenant.syndicateId)
      ) {
        throw new HttpError(409, SYNDICATE_CHANGED);
      }
    });
    await register(app);
  };
}
