// Walks the OpenAPI document (/api/docs/json) and checks that it tells a client author the
// truth: which operations need the session cookie (checked against what the app answers
// without one), the error answers each can give, 204s without content, the shared error
// schema, the input constraints the validators enforce, and that it is structurally valid.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, type TestApp } from './test/harness';

interface Schema {
  [key: string]: unknown;
  properties?: Record<string, Schema>;
  items?: Schema;
  description?: string;
}
interface Operation {
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema: Schema }> }>;
  operationId?: string;
}
interface Document {
  openapi: string;
  components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
  paths: Record<string, Record<string, Operation>>;
}

const WRITES = ['post', 'put', 'patch', 'delete'];
const ERROR_SCHEMA = {
  type: 'object',
  properties: {
    message: { type: 'string' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        properties: { path: { type: 'string' }, message: { type: 'string' } },
        required: ['path', 'message'],
        additionalProperties: false,
      },
    },
  },
  required: ['message'],
  additionalProperties: false,
};

let t: TestApp;
let doc: Document;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json<Document>();
});
afterAll(async () => t.close());

function operations(): { path: string; method: string; op: Operation }[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ path, method, op })),
  );
}
const withoutDescription = (schema: Schema) => {
  const { description: _ignored, ...rest } = schema;
  return rest;
};
const bodyOf = (path: string, method: string) => {
  const schema = doc.paths[path]?.[method]?.requestBody?.content['application/json']?.schema;
  if (!schema?.properties) throw new Error(`${method} ${path} has no JSON body`);
  return schema.properties;
};

describe('the OpenAPI document', () => {
  it('documents every API route of the app', () => {
    const documented = new Set(operations().map(({ path, method }) => `${method.toUpperCase()} ${path}`));
    const hidden = new Set(['GET /api/login', 'GET /api/callback', 'GET /api/logout']);
    const routes = t.app.routeList
      .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))
      .map((r) => `${r.method} ${r.url.replace(/:([A-Za-z]+)/g, '{$1}')}`)
      .filter((r) => !hidden.has(r));
    expect(routes.filter((r) => !documented.has(r))).toEqual([]);
  });

  it('names the session cookie the app sets (sid over http)', () => {
    expect(doc.components.securitySchemes.session).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'sid',
    });
  });

  it('declares the session on exactly the operations that answer 401 without one', async () => {
    const anonymous = new Client(t.app);
    const wrong: string[] = [];
    for (const { path, method, op } of operations()) {
      const url = path.replace(/\{[^}]+\}/g, '1');
      const res = await anonymous.request(
        method.toUpperCase() as 'GET',
        url,
        method === 'get' ? undefined : {},
      );
      const declared = JSON.stringify(op.security) === JSON.stringify([{ session: [] }]);
      if (declared !== (res.statusCode === 401) && !(path === '/api/auth/login' && !declared)) {
        wrong.push(
          `${method} ${path}: security ${declared ? 'declared' : 'missing'}, answered ${res.statusCode}`,
        );
      }
      if (declared && !op.responses['401']) wrong.push(`${method} ${path}: no 401`);
    }
    expect(wrong).toEqual([]);
  });

  it('declares 400 on every operation, 403/413/415 on writes, 404 on ids in the path or body, 414 on path ids', () => {
    const missing: string[] = [];
    for (const { path, method, op } of operations()) {
      const expected = ['400'];
      if (WRITES.includes(method)) expected.push('403', '413', '415');
      if (path.includes('{')) expected.push('404', '414');
      const body = op.requestBody?.content['application/json']?.schema.properties ?? {};
      if (Object.keys(body).some((key) => key.endsWith('Id'))) expected.push('404');
      // Reads that need a session only (no syndicate, no Origin rule) cannot be refused with 403.
      const sessionOnlyReads = ['/api/syndicates', '/api/auth/user', '/api/me/preferences'];
      if (op.security && !(method === 'get' && sessionOnlyReads.includes(path))) expected.push('403');
      for (const status of expected) {
        if (!op.responses[status]) missing.push(`${method} ${path} ${status}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('declares 429 where attempts are throttled', () => {
    for (const [path, method] of [
      ['/api/auth/login', 'post'],
      ['/api/auth/register', 'post'],
      ['/api/auth/password', 'put'],
      ['/api/syndicates/join', 'post'],
    ] as const) {
      expect(doc.paths[path]?.[method]?.responses['429'], `${method} ${path}`).toBeDefined();
    }
  });

  it('documents 204 answers with no content, and as 204 where the app answers 204', () => {
    const with204 = operations().filter(({ op }) => op.responses['204']);
    expect(with204.map(({ op }) => op.responses['204']?.content)).toEqual(with204.map(() => undefined));
    for (const [path, method] of [
      ['/api/logout', 'post'],
      ['/api/reminders/{id}', 'delete'],
      ['/api/bets/{id}', 'delete'],
      ['/api/races/{id}', 'delete'],
      ['/api/members/{id}', 'delete'],
      ['/api/members/me/leave', 'post'],
      ['/api/subscriptions/{id}', 'delete'],
    ] as const) {
      const op = doc.paths[path]?.[method];
      expect(
        Object.keys(op?.responses ?? {}).filter((s) => s.startsWith('2')),
        `${method} ${path}`,
      ).toEqual(['204']);
    }
  });

  it('uses the error schema {message, errors?} for every error answer', () => {
    const others: string[] = [];
    for (const { path, method, op } of operations()) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) < 400) continue;
        const schema = response.content?.['application/json']?.schema;
        // The CSV import's 400 is the issue's own contract: the error schema plus the file's row
        // count and per-row errors ({row, column, message}); nothing else departs from the schema.
        const csvImport = path === '/api/import/bets' && status === '400';
        if (csvImport) {
          const keys = Object.keys((schema as { properties?: object } | undefined)?.properties ?? {});
          if (keys.join() !== 'message,rows,errors') others.push(`${method} ${path} ${status}: ${keys}`);
        } else if (!schema || JSON.stringify(withoutDescription(schema)) !== JSON.stringify(ERROR_SCHEMA)) {
          others.push(`${method} ${path} ${status}`);
        }
        if (!response.description || response.description === 'Default Response') {
          others.push(`${method} ${path} ${status}: no description`);
        }
      }
    }
    expect(others).toEqual([]);
  });

  it('carries the input rules: money and odds, plan prices and features, time zones, dates', () => {
    const bet = bodyOf('/api/bets', 'post');
    for (const field of ['amount', 'odds'] as const) {
      expect(bet[field], field).toMatchObject({
        type: 'number',
        minimum: 0,
        exclusiveMinimum: true,
        multipleOf: 0.01,
      });
      expect(bet[field]?.maximum, field).toBeGreaterThan(0);
      expect(bet[field]?.description, field).toMatch(/two decimals/);
    }
    expect(bet.date?.description).toMatch(/ISO 8601/);

    const plan = bodyOf('/api/subscriptions', 'post');
    expect(plan.price).toMatchObject({ type: 'number', minimum: 0, multipleOf: 0.01 });
    expect(plan.price?.exclusiveMinimum).not.toBe(true);
    expect(plan.features).toMatchObject({ type: 'array', maxItems: 50 });

    const settings = bodyOf('/api/settings', 'put');
    expect(settings.defaultBetAmount).toMatchObject({ minimum: 10, maximum: 500, multipleOf: 0.01 });
    expect(settings.timezone?.description).toMatch(/IANA/);

    expect(bodyOf('/api/races', 'post').date?.description).toMatch(/ISO 8601/);
    expect(bodyOf('/api/members/{id}/subscriptions', 'post').startDate?.description).toMatch(/YYYY-MM-DD/);
  });
});

describe('the document is valid OpenAPI 3.0', () => {
  it('has a 3.0 version, and every operation has responses with descriptions', () => {
    expect(doc.openapi).toMatch(/^3\.0\.\d+$/);
    for (const { path, method, op } of operations()) {
      expect(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'], path).toContain(method);
      expect(Object.keys(op.responses).length, `${method} ${path}`).toBeGreaterThan(0);
      for (const [status, response] of Object.entries(op.responses)) {
        expect(status, `${method} ${path}`).toMatch(/^(default|[1-5](\d\d|XX))$/);
        expect(typeof response.description, `${method} ${path} ${status}`).toBe('string');
      }
    }
  });

  it('resolves every $ref', () => {
    const unresolved: string[] = [];
    const walk = (node: unknown) => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (node === null || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string') {
          let target: unknown = doc;
          for (const part of value.replace(/^#\//, '').split('/')) {
            target = (target as Record<string, unknown> | undefined)?.[decodeURIComponent(part)];
          }
          if (!value.startsWith('#/') || target === undefined) unresolved.push(value);
        } else walk(value);
      }
    };
    walk(doc);
    expect(unresolved).toEqual([]);
  });

  it('declares every path parameter, required, and no other', () => {
    const wrong: string[] = [];
    for (const { path, method, op } of operations()) {
      const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      const declared = (op.parameters ?? []).filter((p) => p.in === 'path');
      if (JSON.stringify(declared.map((p) => p.name).sort()) !== JSON.stringify(inPath)) {
        wrong.push(`${method} ${path}`);
      }
      if (declared.some((p) => p.required !== true)) wrong.push(`${method} ${path}: optional path parameter`);
    }
    expect(wrong).toEqual([]);
  });

  it('has unique operation ids and security schemes that exist', () => {
    const ids = operations().flatMap(({ op }) => (op.operationId ? [op.operationId] : []));
    expect(new Set(ids).size).toBe(ids.length);
    const schemes = new Set(Object.keys(doc.components.securitySchemes));
    for (const { op } of operations()) {
      for (const requirement of op.security ?? []) {
        for (const name of Object.keys(requirement)) expect(schemes).toContain(name);
      }
    }
  });
});

describe('over https', () => {
  it('names the __Host- cookie', async () => {
    const https = await createTestApp({ PUBLIC_URL: 'https://syndicate.example' });
    try {
      const res = await https.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(res.json<Document>().components.securitySchemes.session?.name).toBe('__Host-sid');
    } finally {
      await https.close();
    }
  });
});
