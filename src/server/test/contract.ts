// The API document must tell the truth: every answer a test app sends is checked against the
// OpenAPI document the app serves (app.swagger()). The status must be documented for the
// operation, and a JSON body must match the documented schema (Ajv, after turning OpenAPI
// 3.0's spellings into JSON Schema draft-07). An answer from no route (an unknown URL, a URL
// refused before routing) must be a 4xx with the error body. Violations are collected; the
// harness makes `inject` throw on them and `close()` fail on any left (real HTTP).
import zlib from 'node:zlib';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorSchema } from '../lib/response-schemas';

type JsonSchema = Record<string, unknown>;
interface DocResponse {
  content?: Record<string, { schema: JsonSchema }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, { responses: Record<string, DocResponse> }>>;
}

/** One answer as the app sent it. */
export interface Answer {
  method: string;
  /** The route's pattern ('/api/races/:id'); undefined when no route answered. */
  route: string | undefined;
  url: string;
  status: number;
  contentType: string | undefined;
  body: string;
}

/** OpenAPI 3.0 schema → draft-07: boolean exclusive bounds become numbers (nullable Ajv knows). */
export function toDraft7(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toDraft7);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) out[key] = toDraft7(value);
  for (const [exclusive, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (out[exclusive] === true) {
      out[exclusive] = out[bound];
      delete out[bound];
    } else if (out[exclusive] === false) delete out[exclusive];
  }
  return out;
}

const routePath = (route: string) => route.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

export class ContractCheck {
  readonly violations: string[] = [];
  /** Answers checked (a test asserts the check ran at all). */
  checked = 0;
  private reported = 0;
  private doc: OpenApiDocument | undefined;
  private readonly ajv = new Ajv({ strict: false, allErrors: true, multipleOfPrecision: 9 });
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly errorValidator: ValidateFunction;

  constructor(private readonly document: () => unknown) {
    addFormats(this.ajv);
    this.errorValidator = this.ajv.compile(z.toJSONSchema(errorSchema, { target: 'draft-7' }));
  }

  /** Checks one answer; returns the violation (also kept), or null. */
  check(answer: Answer): string | null {
    this.checked++;
    const problem = this.problem(answer);
    if (!problem) return null;
    const violation = `${answer.method} ${answer.url} → ${answer.status}: ${problem}`;
    this.violations.push(violation);
    return violation;
  }

  /** Violations not handed out before. */
  takeNew(): string[] {
    const fresh = this.violations.slice(this.reported);
    this.reported = this.violations.length;
    return fresh;
  }

  private problem(a: Answer): string | null {
    if (a.route === undefined) {
      if (a.status < 400 || a.status >= 500) return 'an answer from no route must be a 4xx';
      return this.bodyProblem(a, this.errorValidator);
    }
    this.doc ??= this.document() as OpenApiDocument;
    const method = a.method === 'HEAD' ? 'get' : a.method.toLowerCase();
    const path = routePath(a.route);
    const operation = this.doc.paths[path]?.[method];
    if (!operation) return `${method.toUpperCase()} ${path} is not in the API document`;
    const status = String(a.status);
    const response =
      operation.responses[status] ?? operation.responses[`${status[0]}XX`] ?? operation.responses.default;
    if (!response) {
      const documented = Object.keys(operation.responses).join(', ');
      return `status ${status} is not documented for ${method.toUpperCase()} ${path} (documented: ${documented})`;
    }
    // HEAD carries no body; Fastify never sends one with a 204.
    if (a.method === 'HEAD' || a.status === 204) return null;
    // A file answer (a CSV download, a calendar feed) must be documented with its type for that status.
    for (const fileType of ['text/csv', 'text/calendar']) {
      if (a.contentType?.startsWith(fileType)) {
        return response.content?.[fileType] ? null : `${fileType} is not documented for ${status}`;
      }
    }
    const media = response.content?.['application/json'];
    if (!media) return a.body === '' ? null : 'documented without content, but a body was sent';
    const key = `${method} ${path} ${status}`;
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile(toDraft7(media.schema) as JsonSchema);
      this.validators.set(key, validate);
    }
    return this.bodyProblem(a, validate);
  }

  private bodyProblem(a: Answer, validate: ValidateFunction): string | null {
    if (!a.contentType?.startsWith('application/json')) return `content-type ${a.contentType}, not JSON`;
    let body: unknown;
    try {
      body = JSON.parse(a.body);
    } catch {
      return `the body is not JSON: ${a.body.slice(0, 100)}`;
    }
    if (validate(body)) return null;
    const errors = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ');
    return `the body does not match the document (${errors}): ${a.body.slice(0, 300)}`;
  }
}

/** The answer's JSON text; JSON answers may come compressed already (lib/compress-json.ts). */
function bodyText(reply: FastifyReply, payload: unknown): string {
  if (payload === undefined || payload === null) return '';
  if (typeof payload === 'string') return payload;
  if (!Buffer.isBuffer(payload)) return '';
  const encoding = reply.getHeader('content-encoding');
  if (encoding === 'br') return zlib.brotliDecompressSync(payload).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(payload).toString('utf8');
  return payload.toString('utf8');
}

/** Installs the check as the app's first onSend hook (before compression). */
export function installContractCheck(app: FastifyInstance): ContractCheck {
  const check = new ContractCheck(() => app.swagger());
  app.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const url = req.url;
    const api = url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
    if (!api || url.startsWith('/api/docs') || req.routeOptions.schema?.hide) return payload;
    // A stream (a file) is no API answer; nothing of ours sends one under /api.
    if (payload !== null && typeof payload === 'object' && !Buffer.isBuffer(payload)) return payload;
    check.check({
      method: req.method,
      route: req.routeOptions.url,
      url,
      status: reply.statusCode,
      contentType: String(reply.getHeader('content-type') ?? '') || undefined,
      body: bodyText(reply, payload),
    });
    return payload;
  });
  return check;
}
