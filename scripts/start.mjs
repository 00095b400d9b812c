// `npm start`: build if dist is missing or older than the sources, then run the server
// in this same process (so signals reach it directly).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sourceHash } from './source-hash.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stamp = path.join(root, 'dist/build-hash');
const current = fs.existsSync(stamp) ? fs.readFileSync(stamp, 'utf8') : '';
if (current !== sourceHash(root) || !fs.existsSync(path.join(root, 'dist/server/main.js'))) {
  const { build } = await import('./build.mjs');
  await build();
}
// React renders the bets page's first paint on the server (src/server/first-paint.ts): its
// production build, unless told otherwise (it is several times faster than the development one).
process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(path.join(root, 'dist/server/main.js')).href);
