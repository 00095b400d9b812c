/**
 * A signed-out visitor who opens an invite link (/join?code=…, or a personal /claim?token=…) is sent
 * through sign-in; remember the link for this tab so they land back on it afterwards. Only these
 * paths are kept (no open redirect).
 */
const KEY = 'racing-syndicate:after-sign-in';

const isInvitePath = (path: string) => path.startsWith('/join') || path.startsWith('/claim?');

export function rememberJoinLink(pathAndSearch: string) {
  if (!isInvitePath(pathAndSearch)) return;
  try {
    sessionStorage.setItem(KEY, pathAndSearch);
  } catch {
    // Storage can be unavailable (private mode); the visitor then lands on / as usual.
  }
}

export function takePathAfterSignIn(): string {
  try {
    const saved = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    if (saved && isInvitePath(saved)) return saved;
  } catch {
    // See above.
  }
  return '/';
}
