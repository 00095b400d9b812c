import { HINT_IN_SYNDICATE, HINT_SIGNED_IN, SIGNED_IN_HINT } from '@shared/session-hint';

function hint(): string | undefined {
  const prefix = `${SIGNED_IN_HINT}=`;
  return document.cookie
    .split('; ')
    .find((c) => c.startsWith(prefix))
    ?.slice(prefix.length);
}

/** Whether this browser started a session (the server's hint cookie; it grants nothing). */
export function signedInHint(): boolean {
  const value = hint();
  return value === HINT_SIGNED_IN || value === HINT_IN_SYNDICATE;
}

/** Whether that session was in a syndicate when it last asked the server (a hint, as above). */
export function inSyndicateHint(): boolean {
  return hint() === HINT_IN_SYNDICATE;
}

/** Drops the hint: the sign-in check answered signed out (the session expired or was ended). */
export function forgetSignedInHint(): void {
  if (typeof document === 'undefined') return; // a page drawn on the server (first-paint.ts)
  // biome-ignore lint/suspicious/noDocumentCookie: a plain hint cookie, set by the server beside the session
  document.cookie = `${SIGNED_IN_HINT}=; Max-Age=0; Path=/; SameSite=Lax`;
}
