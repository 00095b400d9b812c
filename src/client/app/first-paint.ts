// The answers the server drew a page from (app/first-paint-render.tsx), put where the page's
// queries look for them, so its first render needs no read of its own.
import { type DehydratedState, hydrate, type QueryClient } from '@tanstack/react-query';
import { releaseFirstPaint, takeFirstPaintData } from '@/lib/first-paint';

/** What comes with a drawn page: the address it was drawn for, and its reads' answers (TanStack Query's dehydrated cache). */
export interface FirstPaintData {
  href: string;
  state: DehydratedState;
}

/** The address as the server saw it in the request: path and query string. */
const here = () => `${window.location.pathname}${window.location.search}`;

/**
 * The answers that came with this document, seeded; false when there were none. Only for the
 * address they were drawn for: anything else is read as usual. They count as read now, as an
 * answer the page had fetched itself would (the server's clock may differ from the browser's).
 */
export function seedFromDocument(client: QueryClient): boolean {
  const data = takeFirstPaintData() as Partial<FirstPaintData> | undefined;
  if (!data || typeof data !== 'object' || data.href !== here()) return false;
  if (!data.state || !Array.isArray(data.state.queries)) return false;
  const now = Date.now();
  hydrate(client, {
    ...data.state,
    queries: data.state.queries.map((q) => ({ ...q, state: { ...q.state, dataUpdatedAt: now } })),
  });
  return true;
}

/** However the page fares, the picture never stays longer than this (ms). */
const FIRST_PAINT_MAX_MS = 15_000;

/** At the app's start: the answers seeded (or the picture dropped when they do not fit), and a last resort. */
export function adoptFirstPaint(client: QueryClient): void {
  if (!seedFromDocument(client)) releaseFirstPaint();
  else setTimeout(releaseFirstPaint, FIRST_PAINT_MAX_MS);
}
