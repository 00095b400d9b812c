// Response schemas every feature's routes share; src/server/openapi.ts adds them to the document.
import { z } from 'zod';

/** Every error body: the first problem in `message`; validation lists each field in `errors`. */
export const errorSchema = z.object({
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

/** A 204 answer: no body (documented with no content; the serializer writes nothing). */
export const noContent = z.null().describe('No content');
