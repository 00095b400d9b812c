// A deep link's shell names the files its page needs. The SPA's shell lists only the entry's
// files; a page's own chunk and its imports were found only once the entry had run, and over
// HTTP/1.1 on a phone's network (6 connections per host) that cost seconds before the first rows
// (docs/performance.md). Built from Vite's manifest (dist/client/.vite/manifest.json) at start.
import fs from 'node:fs';
import path from 'node:path';
import { PAGE_MODULES } from '../shared/page-modules';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** The files (under /assets/…) a chunk needs: itself and its static imports, transitively. */
function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, into);
  return into;
}

/**
 * The shell for each page address: `indexHtml` with a modulepreload link for every file the
 * page needs beyond what the shell already loads. Empty when the build has no manifest (the
 * shell alone still works).
 */
export function pageShells(clientDir: string, indexHtml: string): Map<string, string> {
  const shells = new Map<string, string>();
  const file = path.join(clientDir, '.vite', 'manifest.json');
  if (!fs.existsSync(file) || !indexHtml.includes('</head>')) return shells;
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  const loaded = entry ? closure(manifest, entry) : new Set<string>();
  for (const [address, module] of Object.entries(PAGE_MODULES)) {
    if (!manifest[module]) continue;
    const files = [...closure(manifest, module)].filter((f) => !loaded.has(f) && f.endsWith('.js'));
    if (files.length === 0) continue;
    const links = files.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join('\n    ');
    shells.set(address, indexHtml.replace('</head>', `  ${links}\n  </head>`));
  }
  return shells;
}
