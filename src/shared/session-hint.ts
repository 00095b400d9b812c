// The cookie set beside the (HttpOnly) session cookie that says only "a session was started in
// this browser" (server: auth/plugin.ts; client: app/start-early.ts). No zod here: the client's
// entry imports it.
export const SIGNED_IN_HINT = 'rs_signed_in';
