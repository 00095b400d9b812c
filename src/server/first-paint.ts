// Signed in, /bets is answered with the page already drawn (issue 17 §4): on a phone's network the
// page's code arrives seconds after its HTML, and the first rows waited for it. The page's first
// reads are made here through the app's own routes (app.inject, with the caller's cookie and
// address), so they are scoped, authorised and shaped exactly as the browser's would be, and drawn
// with the page's own components (client/features/bets/first-paint.tsx). The picture goes before
// the app's root; the answers go beside it, so the page's first render needs no read of its own.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FirstPaintData } from '../client/app/first-paint';
import { FIRST_PAINT_DATA_ID, FIRST_PAINT_ID } from '../client/lib/first-paint';
import { nextLink } from '../client/lib/link-header';
import { BETS_FIRST_ROWS_MARK } from '../shared/first-paint';

/**
 * Sets the bets page's first-rows mark once the picture is on screen: at the next frame, after
 * that frame's rendering (a task queued from the frame's callback runs once it is done). The
 * page sets the same mark itself when there was no picture.
 */
const MARK_SCRIPT = `requestAnimationFrame(function(){setTimeout(function(){var m=${JSON.stringify(BETS_FIRST_ROWS_MARK)};performance.getEntriesByName(m).length||performance.mark(m)})})`;
/** The script's hash for the Content-Security-Policy (no other inline script may run). */
export const FIRST_PAINT_SCRIPT_HASH = `'sha256-${crypto.createHash('sha256').update(MARK_SCRIPT).digest('base64')}'`;

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
 * The shell a first paint goes into: `shell` with its style sheets inline. Linked, the sheet
 * waited behind the entry's nine scripts for one of the browser's six connections (about 1.3 s
 * before the picture showed, on the Lighthouse mobile profile); inline it costs 10 KB compressed.
 */
export function firstPaintShell(clientDir: string, shell: string): string {
  return shell.replace(
    /<link rel="stylesheet" crossorigin href="\/(assets\/[\w.-]+\.css)">/g,
    (link, file: string) => {
      const css = path.join(clientDir, file);
      return fs.existsSync(css) ? `<style>${fs.readFileSync(css, 'utf8')}</style>` : link;
    },
  );
}

/**
 * The /bets shell with its first paint, or null when there is nothing to draw (signed out, not in
 * a syndicate, no bets in the view, a read that failed): the plain shell then, as before.
 */
export async function betsFirstPaint(
  app: FastifyInstance,
  req: FastifyRequest,
  shell: string,
): Promise<string | null> {
  // Loaded on the first drawn page: React and the page's components stay out of a process that
  // never draws one (API-only instances, the API tests).
  const [{ firstBetsPageUrl }, { renderBetsFirstPaint }] = await Promise.all([
    import('../client/app/first-paint'),
    import('../client/app/first-paint-render'),
  ]);
  const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
  const betsUrl = firstBetsPageUrl(query);
  const read = (url: string) =>
    app.inject({
      method: 'GET',
      url,
      remoteAddress: req.ip,
      headers: { cookie: req.headers.cookie ?? '', 'user-agent': req.headers['user-agent'] ?? '' },
    });
  const [user, syndicates, member, settings, bets] = await Promise.all([
    read('/api/auth/user'),
    read('/api/syndicates'),
    read('/api/members/me'),
    read('/api/settings'),
    read(betsUrl),
  ]);
  if (![user, syndicates, member, settings, bets].every((r) => r.statusCode === 200)) return null;
  const data: FirstPaintData = {
    user: user.json(),
    syndicates: syndicates.json(),
    member: member.json(),
    settings: settings.json(),
    betsUrl,
    page: { bets: bets.json(), next: nextLink(bets.headers.link as string | undefined) },
  };
  if (data.page.bets.length === 0) return null;
  // A phone's browser says so in its user agent ("Mobile", "Android", "iPhone"); the page
  // itself picks cards or the table by width (client/features/bets/lib/use-window-list.ts).
  const phone = /Mobi|Android|iPhone|iPod/i.test(req.headers['user-agent'] ?? '');
  const html = withoutTestIds(renderBetsFirstPaint({ search: query, phone }, data));
  const root = '<div id="root"></div>';
  if (!shell.includes(root)) return null;
  return shell.replace(
    root,
    `<div id="${FIRST_PAINT_ID}" aria-hidden="true" inert>${html}</div>\n` +
      `    <script>${MARK_SCRIPT}</script>\n` +
      `    <script type="application/json" id="${FIRST_PAINT_DATA_ID}">${scriptJson(data)}</script>\n` +
      `    ${root}`,
  );
}
