// Builds the Fastify app: security headers, the session context, the Origin rule, every API
// feature, the OpenAPI docs and the built SPA. Tests build it too (with `app.inject`).
import fs from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { SIGNED_IN_HINT } from '../shared/session-hint';
import { assistantSocket } from './assistant/socket';
import { installInvalidation } from './auth/invalidation';
import { cookieSettings, installAuth } from './auth/plugin';
import { authRoutes } from './auth/routes';
import type { Db } from './db/client';
import type { Env } from './env';
import { featureRoutes } from './features/routes';
import { DRAWN_PAGES, drawFirstPaint, FIRST_PAINT_SCRIPT_HASHES, firstPaintShell } from './first-paint';
import { installJsonCompression } from './lib/compress-json';
import { clientErrorHandler, errorHandler, frameworkErrorHandler } from './lib/error-handler';
import { HttpError } from './lib/http-error';
import { rejectNul } from './lib/nul-guard';
import { installSecurityHeaders } from './lib/security-headers';
import { schemaSerializerCompiler } from './lib/serializer';
import { installOpenapi, openapiTransform } from './openapi';
import { pageShells } from './page-preloads';

export interface AppOptions {
  env: Env;
  db: Db;
  /** Secret for deriving encryption keys (≥ 32 chars). */
  sessionSecret: string;
  /** The clock; tests inject one to prove expiry without waiting. */
  now?: () => Date;
  /** Folder of the built SPA (dist/client); null serves the API only. */
  clientDir?: string | null;
  logger?: FastifyServerOptions['logger'];
  /** Runs first, before any plugin or route: the test harness checks every answer with it. */
  instrument?: (app: FastifyInstance) => void;
  /** How often each live socket's session is checked again (tests shorten LIVE_RECHECK_MS). */
  liveRecheckMs?: number;
}

export interface AppDeps {
  env: Env;
  db: Db;
  sessionSecret: string;
  now: () => Date;
}

export interface RouteEntry {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Every route registered, for tests that walk them all (auth gate, tenant isolation). */
    routeList: RouteEntry[];
  }
}

/** Request bodies larger than this are refused with 413 (bytes). */
const BODY_LIMIT = 64 * 1024;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { env } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    // One line per request is noise at our volumes; errors are logged by the error handler.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    trustProxy: env.trustProxy,
    // Long enough for slow clients, short enough that idle sockets do not pile up (ms).
    connectionTimeout: 60_000,
    requestTimeout: 30_000,
    // Refusals before routing answer {message} like every other error (lib/error-handler.ts).
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  options.instrument?.(app);
  app.setValidatorCompiler(validatorCompiler);
  // Answers are written by functions compiled from the response schemas (lib/serializer.ts).
  app.setSerializerCompiler(schemaSerializerCompiler);
  app.setErrorHandler(errorHandler);
  app.addHook('preValidation', rejectNul);
  app.decorate('deps', {
    env,
    db: options.db,
    sessionSecret: options.sessionSecret,
    now: options.now ?? (() => new Date()),
  });

  const routeList: RouteEntry[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeList.push({ method, url: route.url });
    }
  });

  const https = env.publicUrl.startsWith('https:');
  installSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // A drawn page loads its code inline after its first paint, and the bets page sets one
        // user-timing mark (first-paint.ts): each allowed by its hash.
        scriptSrc: ["'self'", ...FIRST_PAINT_SCRIPT_HASHES],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
      },
    },
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  // Before compress: JSON answers are compressed in one call (lib/compress-json.ts).
  installJsonCompression(app);
  await app.register(compress, { threshold: 1024 });
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, context) =>
      new HttpError(context.statusCode, `Too many attempts. Try again in ${context.after}.`),
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Racing Syndicate API',
        version: '1.0.0',
        description:
          'Money travels in major units (12.5 dollars) with at most two decimals, odds as decimal odds ' +
          '(3.25). Every error answers `{message, errors?: [{path, message}]}`. Signed-in operations need ' +
          'the session cookie; writes also need an Origin (or Referer) of this site.',
      },
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: cookieSettings(env.publicUrl).name,
            description:
              'The HttpOnly session cookie set by sign-in (POST /api/auth/login or register, or OIDC).',
          },
        },
      },
    },
    transform: openapiTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  installAuth(app);
  // Every change announced to every instance (LISTEN/NOTIFY) before it is answered.
  await installInvalidation(app);
  installOpenapi(app); // before the routes: it documents each as it is added
  await app.register(authRoutes);
  for (const routes of featureRoutes) await app.register(routes);
  await app.register(
    assistantSocket,
    options.liveRecheckMs === undefined ? {} : { liveRecheckMs: options.liveRecheckMs },
  );

  const clientDir = options.clientDir;
  if (clientDir && fs.existsSync(path.join(clientDir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      cacheControl: false, // set below, per file
      setHeaders(res, filePath) {
        // Vite puts content-hashed files under assets/: they never change. Everything else (the
        // shell, the service worker sw.js and workbox-*.js, manifest.webmanifest, icons) is
        // revalidated, so a new deployment's worker is found at once.
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    const indexHtml = fs.readFileSync(path.join(clientDir, 'index.html'));
    const shells = pageShells(clientDir, indexHtml.toString('utf8'));
    const drawnShells = new Map(
      DRAWN_PAGES.map((page) => [
        page,
        firstPaintShell(clientDir, shells.get(page) ?? indexHtml.toString('utf8')),
      ]),
    );
    app.setNotFoundHandler(async (req, reply) => {
      // A missing hashed asset (e.g. an old build's) must not be answered with HTML.
      const notAPage = req.url.startsWith('/api/') || req.url === '/api' || req.url.startsWith('/assets/');
      if ((req.method !== 'GET' && req.method !== 'HEAD') || notAPage) {
        return reply.code(404).send({ message: 'Not found' });
      }
      // Any other path is a client-side route: the SPA decides (including 'Page Not Found').
      // Signed in (the hint cookie), a page's address gets the shell that names its files.
      const path = req.url.split('?')[0] ?? '';
      const signedIn = Boolean(req.cookies[SIGNED_IN_HINT]);
      const page = signedIn ? shells.get(path) : undefined;
      // Signed in, the dashboard and /bets come drawn: the page without waiting for its code
      // (first-paint.ts).
      const drawnShell = signedIn && req.method === 'GET' ? drawnShells.get(path) : undefined;
      const drawn = drawnShell
        ? await drawFirstPaint(app, req, drawnShell).catch((err: unknown) => {
            req.log.warn({ err, path }, 'first paint failed; the plain shell is sent');
            return null;
          })
        : null;
      return (
        reply
          .code(200)
          .type('text/html; charset=utf-8')
          // A drawn page holds the syndicate's bets, and is drawn afresh each time: never kept.
          .header('Cache-Control', drawn ? 'private, no-store' : 'no-cache')
          .header('Vary', 'Cookie')
          .send(drawn ?? page ?? indexHtml)
      );
    });
  } else {
    app.setNotFoundHandler((_req, reply) => reply.code(404).send({ message: 'Not found' }));
  }

  return app;
}
