import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { OutputChunk } from 'rolldown';
import { rolldown } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * A hash of what the client is built from: the persisted query cache is thrown away when it
 * changes (an older build's data shapes are not trusted). Server-only changes keep it.
 */
function clientBuildId(): string {
  const hash = createHash('sha256');
  const walk = (file: string) => {
    const st = fs.statSync(file, { throwIfNoEntry: false });
    if (!st) return;
    if (st.isDirectory()) for (const name of fs.readdirSync(file).sort()) walk(path.join(file, name));
    else
      hash
        .update(path.relative(import.meta.dirname, file))
        .update('\0')
        .update(fs.readFileSync(file));
  };
  for (const input of ['src/client', 'src/shared', 'package-lock.json'])
    walk(path.join(import.meta.dirname, input));
  return hash.digest('hex').slice(0, 16);
}

/**
 * Fewer route chunk files. Left to itself the bundler gives every set of routes that shares a
 * module a chunk of its own: the bets page needed 28 files beyond the first load, and over
 * HTTP/1.1 (6 connections per host) on a phone's network each round of 6 costs a full round trip
 * (docs/performance.md). Groups, found by a quick pre-bundle of the entry and the pages that must
 * stay lean (about 1 s; the closures of their static imports):
 * - the first load (main.tsx's closure) is left exactly as it is;
 * - 'dashboard-deps': the rest of the dashboard's closure, in one chunk (the dashboard loads all of it
 *   anyway, so its bytes do not change);
 * - 'common': what two or more other routes share, split by the set of routes using it as the
 *   bundler would, but with the small sets merged into their neighbours (a few KB more for a
 *   route, for half the files);
 * - left out of both: what the sign-in, onboarding and claim pages use (a new user's first
 *   screens stay as they are), and zod and recharts (large, and only some routes need them).
 * The build fails if the first load is not what the pre-bundle found (generateBundle).
 */
function routeChunks() {
  const client = path.resolve(import.meta.dirname, 'src/client');
  const pages = {
    main: 'main.tsx',
    dashboard: 'features/dashboard/dashboard-page.tsx',
    login: 'features/auth/login-page.tsx',
    onboarding: 'features/syndicates/onboarding-page.tsx',
    claim: 'features/claim/claim-page.tsx',
  } as const;
  const closures = new Map<keyof typeof pages, Set<string>>();
  const closure = (name: keyof typeof pages) => closures.get(name) ?? new Set<string>();
  const virtual = (id: string) => id.startsWith('\0') || id.includes('virtual:');
  const large = /node_modules[\\/](zod|recharts|victory-vendor|d3-[\w-]+|lodash)[\\/]|-page\.tsx$/;
  const plugin: Plugin = {
    name: 'route-chunks',
    apply: 'build',
    async buildStart() {
      const bundle = await rolldown({
        input: Object.fromEntries(Object.entries(pages).map(([k, f]) => [k, path.join(client, f)])),
        cwd: import.meta.dirname,
        logLevel: 'silent',
        resolve: { alias: { '@': client, '@shared': path.resolve(import.meta.dirname, 'src/shared') } },
        external: [/\.(css|svg|png)$/, /^virtual:/],
        transform: {
          jsx: 'react-jsx',
          define: {
            'import.meta.env.DEV': 'false',
            'import.meta.env.PROD': 'true',
            'import.meta.env.MODE': '"production"',
            'process.env.NODE_ENV': '"production"',
          },
        },
      });
      try {
        const { output } = await bundle.generate({ format: 'esm' });
        const chunks = output.filter((c): c is OutputChunk => c.type === 'chunk');
        closures.clear();
        for (const name of Object.keys(pages) as (keyof typeof pages)[]) {
          const entry = chunks.find((c) => c.isEntry && c.name === name);
          if (!entry) this.error(`route-chunks: no pre-bundle entry for ${name}`);
          closures.set(name, staticClosure(chunks, entry.fileName));
        }
      } finally {
        await bundle.close();
      }
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry);
      const cycle = chunkCycle(chunks);
      if (cycle)
        this.error(
          `route-chunks: these chunks import each other, so one runs before what it needs: ${cycle.join(' -> ')}`,
        );
      const built = entry ? staticClosure(chunks, entry.fileName) : new Set<string>();
      for (const id of built) {
        if (!closure('main').has(id) && !virtual(id) && !/[\\/]index\.(html|css)$/.test(id)) {
          this.error(`route-chunks: ${id} is in the first load, but the pre-bundle did not find it there`);
        }
      }
    },
  };
  const mine = (id: string) =>
    !virtual(id) &&
    !closure('main').has(id) &&
    !large.test(id) &&
    !closure('login').has(id) &&
    !closure('onboarding').has(id) &&
    !closure('claim').has(id);
  const shared = path.resolve(import.meta.dirname, 'src/shared');
  const groups = [
    {
      // The schemas and rules shared with the server: module-level code in many chunks calls them
      // (zod schemas built at load). In a chunk of their own, which imports nothing of the app's
      // chunks, they are always evaluated before their callers; split by routes they could land
      // in a chunk that imports its caller's chunk back, and a cycle of chunks runs a caller first
      // ("V is not a function").
      name: 'shared',
      priority: 3,
      test: (id: string) => mine(id) && id.startsWith(shared),
    },
    {
      name: 'dashboard-deps',
      priority: 2,
      test: (id: string) => mine(id) && closure('dashboard').has(id),
    },
    {
      name: 'common',
      priority: 1,
      minShareCount: 2,
      // Split by the set of routes that use each module, as the bundler would, but sets smaller
      // than this (bytes) merge into their nearest neighbour: fewer files for a little more code.
      entriesAware: true,
      entriesAwareMergeThreshold: 10_000,
      test: mine,
    },
  ].map((g) => ({ ...g, includeDependenciesRecursively: false }));
  return { plugin, groups };
}

/** A cycle in the chunks' static imports (their file names, the first one again at the end), if any. */
function chunkCycle(chunks: readonly OutputChunk[]): string[] | null {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const done = new Set<string>();
  const trail: string[] = [];
  const visit = (file: string): string[] | null => {
    const at = trail.indexOf(file);
    if (at >= 0) return [...trail.slice(at), file];
    if (done.has(file)) return null;
    trail.push(file);
    for (const next of byName.get(file)?.imports ?? []) {
      const found = byName.has(next) ? visit(next) : null;
      if (found) return found;
    }
    trail.pop();
    done.add(file);
    return null;
  };
  for (const c of chunks) {
    const found = visit(c.fileName);
    if (found) return found;
  }
  return null;
}

/** The modules of a chunk and of the chunks it imports statically, transitively. */
function staticClosure(chunks: readonly OutputChunk[], fileName: string): Set<string> {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const seen = new Set<string>();
  const stack = [fileName];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...(byName.get(file)?.imports ?? []).filter((i) => byName.has(i)));
  }
  return new Set([...seen].flatMap((f) => byName.get(f)?.moduleIds ?? []));
}

// The SPA. `vite build` writes dist/client, which the Fastify server serves.
// `npm run dev` serves it with reload on 5173 and proxies the API and socket to the server on 5000.
export default defineConfig(({ command }) => {
  const chunks = routeChunks();
  return {
    root: 'src/client',
    publicDir: 'public',
    define: {
      'import.meta.env.VITE_BUILD_ID': JSON.stringify(command === 'build' ? clientBuildId() : 'dev'),
    },
    plugins: [
      chunks.plugin,
      react(),
      tailwindcss(),
      // Installable and offline (issue 17 §3): a manifest and a generated service worker that
      // precaches the app shell. 'prompt': a waiting new version is offered, never forced mid-edit.
      VitePWA({
        registerType: 'prompt',
        injectRegister: false, // registered by app/update-prompt.tsx (virtual:pwa-register/react)
        includeAssets: ['favicon.svg', 'apple-touch-icon-180x180.png'],
        manifest: {
          name: 'Racing Syndicate',
          short_name: 'Syndicate',
          description: 'Run your horse-racing syndicate: bets, members, rotation and results in one place.',
          id: '/',
          start_url: '/',
          scope: '/',
          display: 'standalone',
          // src/client/index.css: --color-primary (the header and icon green) and --color-background.
          theme_color: '#14532d',
          background_color: '#f6f7f4',
          icons: [
            { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
            { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
            { src: '/maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          ],
        },
        workbox: {
          globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
          navigateFallback: '/index.html',
          // The API, its docs and the socket are never answered with the shell.
          navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/ws(\/|$)/],
          // No runtime caching: API answers are kept by the query persister (lib/persist.ts).
          runtimeCaching: [],
          cleanupOutdatedCaches: true,
          // The first worker takes the open page at once (offline works without a reload); a later
          // one waits for the prompt's Reload (skipWaiting stays off).
          clientsClaim: true,
        },
      }),
    ],
    resolve: {
      alias: {
        '@': path.resolve(import.meta.dirname, 'src/client'),
        '@shared': path.resolve(import.meta.dirname, 'src/shared'),
      },
    },
    build: {
      outDir: path.resolve(import.meta.dirname, 'dist/client'),
      emptyOutDir: true,
      sourcemap: false,
      // dist/client/.vite/manifest.json: the server reads which files each page needs (page-preloads.ts).
      manifest: true,
      rolldownOptions: { output: { codeSplitting: { groups: chunks.groups } } },
    },
    server: {
      port: 5173,
      proxy: {
        '/api': { target: 'http://127.0.0.1:5000', changeOrigin: false },
        '/ws': { target: 'ws://127.0.0.1:5000', ws: true },
      },
    },
  };
});
