// Response serialisation compiled from each route's zod response schema: the schema is turned
// into JSON Schema once, at start, and fast-json-stringify builds a function that writes exactly
// the schema's properties. Only declared fields ever leave the server (an unexpected column is
// dropped, as zod's parse dropped it), without zod validating and copying every answer, which
// was most of a list's cost. A schema JSON Schema cannot express (a transform, say) keeps the
// zod serializer from fastify-type-provider-zod.

import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

type RouteSchema = Parameters<FastifySerializerCompiler<ZodType>>[0];

/** The JSON Schema of a zod response schema, or null when it cannot be expressed. */
export function responseJsonSchema(schema: ZodType): Record<string, unknown> | null {
  try {
    return z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' }) as Record<
      string,
      unknown
    >;
  } catch {
    return null;
  }
}

/** Routes (`METHOD url status`) that kept the zod serializer; a test keeps this empty. */
export const zodSerializedRoutes = new Set<string>();

/** A 204 has no body whatever its schema says (Fastify drops one anyway): nothing to write. */
const noBody = () => '';

export const schemaSerializerCompiler: FastifySerializerCompiler<ZodType> = (route: RouteSchema) => {
  if (String(route.httpStatus) === '204') return noBody;
  const schema = route.schema;
  const json = schema instanceof z.ZodType ? responseJsonSchema(schema) : null;
  if (!json) {
    zodSerializedRoutes.add(`${route.method} ${route.url} ${route.httpStatus}`);
    return zodSerializerCompiler(route);
  }
  const stringify = fastJson(json);
  return (data) => stringify(data);
};
