// The syndicate a page shows, sent by the app with every write (src/client/lib/shown-syndicate.ts).
// A tab can outlive its session's syndicate (another tab switched it): its write is refused (409
// SYNDICATE_CHANGED, server/auth/context.ts) rather than landing in the syndicate the session is
// in now, which the page does not show. Its own file, without zod: the app's first load reads it.

export const SYNDICATE_HEADER = 'x-syndicate-id';
export const SYNDICATE_CHANGED =
  'This page was showing another syndicate. It now shows the one you are in: check, then try again.';
