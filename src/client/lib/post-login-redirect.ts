/**
 * A signed-out visitor who opens an invite link (/join?code=…) is sent through sign-in; remember the
 * link for this tab so they land back on it afterwards. Only /join paths are kept (no open redirect).
 */
const KEY = 'racing-syndicate:after-sign-in';

export function rememberJoinLink(pathAndSearch: string) {
  if (!pathAndSearch.startsWith('/join')) return;
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
    if (saved?.startsWith('/join')) return saved;
  } catch {
    // See above.
  }
  return '/';
}
