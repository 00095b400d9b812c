// Builds the Fastify app: security headers, the session context, the Origin rule, every API
// feature, the OpenAPI docs and the built SPA. Tests build it too (with `app.inject`).
import fs from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { assistantSocket } from './assistant/socket';
import { installAuth } from './auth/plugin';
import { authRoutes } from './auth/routes';
import type { Db } from './db/client';
import type { Env } from './env';
import { featureRoutes } from './features/routes';
import { errorHandler } from './lib/error-handler';
import { rejectNul } from './lib/nul-guard';
import { installReadCache } from './lib/read-cache';
import { schemaSerializerCompiler } from './lib/serializer';

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
  }).withTypeProvider<ZodTypeProvider>();
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
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
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
  // Before compress: the cache's onSend keeps the JSON, then compresses it itself.
  installReadCache(app);
  await app.register(compress, { threshold: 1024 });
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Racing Syndicate API', version: '1.0.0' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  installAuth(app);
  await app.register(authRoutes);
  for (const routes of featureRoutes) await app.register(routes);
  await app.register(assistantSocket);

  const clientDir = options.clientDir;
  if (clientDir && fs.existsSync(path.join(clientDir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      cacheControl: false, // set below, per file
      setHeaders(res, filePath) {
        // Vite puts content-hashed files under assets/: they never change.
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    const indexHtml = fs.readFileSync(path.join(clientDir, 'index.html'));
    app.setNotFoundHandler((req, reply) => {
      // A missing hashed asset (e.g. an old build's) must not be answered with HTML.
      const notAPage = req.url.startsWith('/api/') || req.url === '/api' || req.url.startsWith('/assets/');
      if ((req.method !== 'GET' && req.method !== 'HEAD') || notAPage) {
        return reply.code(404).send({ message: 'Not found' });
      }
      // Any other path is a client-side route: the SPA decides (including 'Page Not Found').
      return reply
        .code(200)
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .send(indexHtml);
    });
  } else {
    app.setNotFoundHandler((_req, reply) => reply.code(404).send({ message: 'Not found' }));
  }

  return app;
}
