// Signed in, the dashboard (/) and the bets page (/bets) are answered with the page already drawn
// (issue 17 §3 and §4): on a phone's network a page's code arrives seconds after its HTML, and
// the page waited for it. The page's first reads are made here by the page's own query functions,
// answered by the app's own routes (app.inject, with the caller's cookie and address), so they are
// scoped, authorised and shaped exactly as the browser's would be, and drawn with the page's own
// components (client/app/first-paint-render.tsx). The picture goes before the app's root; the
// answers go beside it, so the page's first render needs no read of its own.
import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FirstPaintData } from '../client/app/first-paint';
import { FIRST_PAINT_DATA_ID, FIRST_PAINT_ID } from '../client/lib/first-paint';
import { BETS_FIRST_ROWS_MARK } from '../shared/first-paint';

/**
 * Sets the bets page's first-rows mark once the picture is on screen: at the next frame, after
 * that frame's rendering (a task queued from the frame's callback runs once it is done). The
 * page sets the same mark itself when there was no picture.
 */
const MARK_SCRIPT = `requestAnimationFrame(function(){setTimeout(function(){var m=${JSON.stringify(BETS_FIRST_ROWS_MARK)};performance.getEntriesByName(m).length||performance.mark(m)})})`;

/** Where a drawn page lists its code (the module script and its preloads) for CODE_SCRIPT. */
const CODE_LIST_ID = 'first-paint-code';
/**
 * Loads a drawn page's code once the picture has been painted (or at once in a hidden tab, which
 * paints nothing): the entry module and its preloads, from the list beside it. Linked in the
 * document, the code arrived first on a fast network and ran before the picture was painted
 * (observed first paint 390 ms, first contentful paint 550 ms, on loopback), and on a slow one
 * it shared the document's bandwidth; the page needs none of it to be seen
 * (docs/performance.md, "The drawn page's code after its first paint").
 */
const CODE_SCRIPT = `(function(){function load(){var c=JSON.parse(document.getElementById(${JSON.stringify(CODE_LIST_ID)}).textContent);c.preload.forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='anonymous';l.href=h;document.head.appendChild(l)});var s=document.createElement('script');s.type='module';s.crossOrigin='anonymous';s.src=c.entry;document.head.appendChild(s)}if(document.hidden)load();else requestAnimationFrame(function(){setTimeout(load)})})()`;

const hashOf = (script: string) => `'sha256-${crypto.createHash('sha256').update(script).digest('base64')}'`;
/** The inline scripts' hashes for the Content-Security-Policy (no other inline script may run). */
export const FIRST_PAINT_SCRIPT_HASHES = [hashOf(MARK_SCRIPT), hashOf(CODE_SCRIPT)];

/** JSON inside <script>: nothing in it can close the element or start markup (user text included). */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** Test ids are the page's: a locator must find the real page, not the picture over it. */
const withoutTestIds = (html: string) => html.replace(/ data-testid="[^"]*"/g, '');

/**
 * The shell a first paint goes into: `shell` with its style sheets inline, and its code loaded
 * after the picture's first paint (CODE_SCRIPT) instead of linked. Linked, the sheet waited
 * behind the entry's nine scripts for one of the browser's six connections (about 1.3 s before
 * the picture showed, on the Lighthouse mobile profile); inline it costs 10 KB compressed.
 */
export function firstPaintShell(clientDir: string, shell: string): string {
  const code = { entry: '', preload: [] as string[] };
  const withCss = shell.replace(
    /<link rel="stylesheet" crossorigin href="\/(assets\/[\w.-]+\.css)">/g,
    (link, file: string) => {
      const css = path.join(clientDir, file);
      return fs.existsSync(css) ? `<style>${fs.readFileSync(css, 'utf8')}</style>` : link;
    },
  );
  const withoutCode = withCss
    .replace(/[ \t]*<script type="module" crossorigin src="([^"]+)"><\/script>\n?/, (_tag, src: string) => {
      code.entry = src;
      return '';
    })
    .replace(/[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)">\n?/g, (_tag, href: string) => {
      code.preload.push(href);
      return '';
    });
  if (!code.entry || !withoutCode.includes('</body>')) return withCss;
  return withoutCode.replace(
    '</body>',
    `    <script type="application/json" id="${CODE_LIST_ID}">${scriptJson(code)}</script>\n` +
      `    <script>${CODE_SCRIPT}</script>\n  </body>`,
  );
}

/** The caller a page is being drawn for: its reads go to this app, as this request. */
interface Caller {
  app: FastifyInstance;
  req: FastifyRequest;
}
const callers = new AsyncLocalStorage<Caller>();

/** A read made while drawing, answered by the app's route as the caller (never over the network). */
async function readAsCaller(url: string, init: RequestInit): Promise<Response> {
  const caller = callers.getStore();
  if (!caller || (init.method ?? 'GET') !== 'GET') throw new Error('first paint: only the caller’s reads');
  const { app, req } = caller;
  const res = await app.inject({
    method: 'GET',
    url,
    remoteAddress: req.ip,
    headers: {
      accept: 'application/json',
      cookie: req.headers.cookie ?? '',
      'user-agent': req.headers['user-agent'] ?? '',
    },
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
  }
  return new Response(res.statusCode === 204 ? null : res.payload, { status: res.statusCode, headers });
}

/** The pages drawn on the server (the same list the browser's router keeps the picture for). */
export { DRAWN_PAGES } from '../client/lib/first-paint';

/**
 * The page's shell with its first paint, or null when there is nothing to draw (signed out, not
 * in a syndicate, a read that failed, no bets in the bets page's view): the plain shell then.
 */
export async function drawFirstPaint(
  app: FastifyInstance,
  req: FastifyRequest,
  shell: string,
): Promise<string | null> {
  // Loaded on the first drawn page: React and the pages' components stay out of a process that
  // never draws one (API-only instances, the API tests).
  const render = await import('../client/app/first-paint-render');
  render.setApiTransport(readAsCaller);
  const queryAt = req.url.indexOf('?');
  const view = {
    path: queryAt < 0 ? req.url : req.url.slice(0, queryAt),
    search: queryAt < 0 ? '' : req.url.slice(queryAt),
    // A phone's browser says so in its user agent ("Mobile", "Android", "iPhone"); the bets page
    // itself picks cards or the table by width (client/features/bets/lib/use-window-list.ts).
    phone: /Mobi|Android|iPhone|iPod/i.test(req.headers['user-agent'] ?? ''),
  };
  const client = render.firstPaintClient();
  if (!(await callers.run({ app, req }, () => render.readFirstPaint(client, view)))) return null;
  const html = withoutTestIds(render.renderFirstPaint(client, view));
  const data: FirstPaintData = { href: req.url, state: render.dehydrate(client) };
  const root = '<div id="root"></div>';
  if (!shell.includes(root)) return null;
  const mark = view.path === '/bets' ? `    <script>${MARK_SCRIPT}</script>\n` : '';
  return shell.replace(
    root,
    `<div id="${FIRST_PAINT_ID}" aria-hidden="true" inert>${html}</div>\n${mark}` +
      `    <script type="application/json" id="${FIRST_PAINT_DATA_ID}">${scriptJson(data)}</script>\n` +
      `    ${root}`,
  );
}
