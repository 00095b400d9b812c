// Imported first by main.tsx. zod probes for `new Function` (to compile faster parsers), which our
// Content-Security-Policy (script-src 'self', no 'unsafe-eval') refuses and reports as a
// violation on every page. jitless: zod never tries.
//
// zod keeps its config on globalThis.__zod_globalConfig and adopts an object already there, so
// this sets it without importing zod: zod's core (about 4 KB gzipped) stays out of the first load
// and arrives with the routes that validate forms. zod-config.test.ts proves zod reads it, in
// either load order.
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;

export {};
