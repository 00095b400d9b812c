// A page the server drew before its code arrived (app/first-paint-render.tsx; the server's
// first-paint.ts): the picture sits before #root and hides it (index.css) until the page has
// rendered behind it; the answers it was drawn from sit beside it.

/** The element that holds the picture. */
export const FIRST_PAINT_ID = 'first-paint';
/** The <script type="application/json"> that holds the answers it was drawn from. */
export const FIRST_PAINT_DATA_ID = 'first-paint-data';
/** The pages the server draws, signed in: the dashboard and the bets page. */
export const DRAWN_PAGES: readonly string[] = ['/', '/bets'];

/** The answers the server sent with the picture, or undefined (none, or unreadable). */
export function takeFirstPaintData(): unknown {
  const element = document.getElementById(FIRST_PAINT_DATA_ID);
  if (!element) return undefined;
  element.remove();
  try {
    return JSON.parse(element.textContent ?? '');
  } catch {
    return undefined;
  }
}

/** Removes the picture: the page is on screen (or another page is), and #root shows. */
export function releaseFirstPaint(): void {
  document.getElementById(FIRST_PAINT_ID)?.remove();
}
