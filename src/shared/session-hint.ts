// The cookie set beside the (HttpOnly) session cookie that says only "a session was started in
// this browser", and whether that session was in a syndicate when it last asked (server:
// auth/plugin.ts; client: app/start-early.ts). No zod here: the client's entry imports it.
export const SIGNED_IN_HINT = 'rs_signed_in';
/** The hint's values: signed in, with no syndicate (yet); signed in to a syndicate. */
export const HINT_SIGNED_IN = '1';
export const HINT_IN_SYNDICATE = '2';
