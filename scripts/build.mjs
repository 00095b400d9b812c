// Production build: the SPA with Vite into dist/client, the server bundled with esbuild into
// dist/server (dependencies stay in node_modules, but for a few barrels), the SQL migrations
// beside it, and a stamp of the sources so `npm start` knows when the build is stale.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { sourceHash } from './source-hash.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');

/**
 * Dependencies stay in node_modules, loaded by Node, except the barrels the first paint's
 * components import from (src/server/first-paint.ts renders them): lucide-react, date-fns and
 * radix-ui. Loaded by Node, each is the whole package (lucide-react alone is one CommonJS file of
 * about 1,700 icons: 7 MB of heap, 25 MB of RSS) for the dozens of exports used. Bundled from their
 * ES modules (`sideEffects: false`), only what is imported is kept.
 */
const BUNDLED = ['lucide-react', 'date-fns', 'radix-ui', '@radix-ui/'];
const ALIASES = ['@/', '@shared/', '@server/'];
const externalsButBarrels = {
  name: 'externals-but-barrels',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      const bundled = (name) =>
        name.endsWith('/')
          ? args.path.startsWith(name)
          : args.path === name || args.path.startsWith(`${name}/`);
      if (ALIASES.some((a) => args.path.startsWith(a)) || BUNDLED.some(bundled)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

export async function build({ quiet = false } = {}) {
  const t0 = Date.now();
  const say = (m) => quiet || console.log(m);
  fs.rmSync(path.join(dist, 'build-hash'), { force: true });
  say('Building the web client (vite)…');
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', quiet ? 'error' : 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  say('Bundling the server (esbuild)…');
  fs.rmSync(path.join(dist, 'server'), { recursive: true, force: true });
  await esbuild.build({
    entryPoints: [path.join(root, 'src/server/main.ts')],
    outfile: path.join(dist, 'server/main.js'),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    plugins: [externalsButBarrels],
    sourcemap: true,
    logLevel: 'warning',
  });
  fs.cpSync(path.join(root, 'src/server/db/migrations'), path.join(dist, 'server/migrations'), {
    recursive: true,
  });
  // Read at start-up by src/server/auth/common-passwords.ts, beside the bundle.
  fs.copyFileSync(
    path.join(root, 'src/server/auth/common-passwords.txt'),
    path.join(dist, 'server/common-passwords.txt'),
  );
  fs.writeFileSync(path.join(dist, 'build-hash'), sourceHash(root));
  say(`Built in ${((Date.now() - t0) / 1000).toFixed(1)} s.`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await build();
}
