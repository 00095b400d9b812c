import { SIGNED_IN_HINT } from '@shared/session-hint';

/** Whether this browser started a session (the server's hint cookie; it grants nothing). */
export function signedInHint(): boolean {
  return document.cookie.split('; ').includes(`${SIGNED_IN_HINT}=1`);
}

/** Drops the hint: the sign-in check answered signed out (the session expired or was ended). */
export function forgetSignedInHint(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain hint cookie, set by the server beside the session
  document.cookie = `${SIGNED_IN_HINT}=; Max-Age=0; Path=/; SameSite=Lax`;
}
