// Imported first by main.tsx. zod probes for `new Function` (to compile faster parsers), which our
// Content-Security-Policy (script-src 'self', no 'unsafe-eval') refuses and reports as a
// violation on every page. jitless: zod never tries.
import { config } from 'zod';

config({ jitless: true });
