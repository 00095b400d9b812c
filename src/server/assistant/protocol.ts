// The assistant socket's messages (spec §7): the client sends {type:'message', content, timestamp};
// the server answers {type:'message', content, timestamp} or {type:'error', content}.
import { z } from 'zod';
import { QUESTION_MAX } from './engine';

/**
 * Frames larger than this close the socket (ws answers close code 1009), in bytes: room for the
 * longest message that can be valid, QUESTION_MAX characters each sent as a six-byte JSON escape
 * (a control character or lone surrogate: `\u0001`), with its type and timestamp, so every such
 * message gets an answer (an error, if it is not valid) and the socket stays open. At 4 KiB, 900
 * lone surrogates closed it (found by probing, 2026-12-02).
 */
export const MAX_FRAME_BYTES = QUESTION_MAX * 6 + 1024;
/** At most this many messages per user per window; more get an error message. */
export const RATE_LIMIT_MESSAGES = 20;
/** The rate window, in ms. */
export const RATE_WINDOW_MS = 60_000;
/**
 * Open sockets one session may hold at once; more are refused (429). Each tab holds one (the live
 * updates), the assistant's page one more: 10 leaves room for a user's many tabs (at 5, a sixth tab
 * got no live updates).
 */
export const MAX_SOCKETS_PER_SESSION = 10;
/** How often every socket is pinged; one that has not answered by the next ping is dropped (ms). */
export const HEARTBEAT_MS = 30_000;
/**
 * How often a live socket's session is checked again (ms). A live socket sends nothing, so this
 * is what ends one whose session expired, or whose membership changed behind the app (SQL by
 * hand), with no event to say so. One indexed read per open socket each time.
 */
export const LIVE_RECHECK_MS = 5 * 60_000;

export const clientMessageSchema = z.object({
  type: z.literal('message'),
  content: z.string().max(QUESTION_MAX),
  timestamp: z.string().max(64).optional(),
});

export type ServerMessage =
  | { type: 'message'; content: string; timestamp: string }
  | { type: 'error'; content: string };

export const ERRORS = {
  malformed:
    'Malformed message: send JSON like {"type":"message","content":"Who is up next?","timestamp":"…"}',
  binary: 'Send text messages only',
  tooLong: `Messages can be at most ${QUESTION_MAX} characters`,
  rateLimited: `Too many messages: at most ${RATE_LIMIT_MESSAGES} a minute. Please wait a moment.`,
  failed: 'Sorry, I could not answer that just now. Please try again.',
} as const;

export type ParsedFrame = { ok: true; content: string } | { ok: false; error: string };

/** Reads one text frame: JSON with type 'message' and a string content. */
export function parseFrame(text: string): ParsedFrame {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, error: ERRORS.malformed };
  }
  const parsed = clientMessageSchema.safeParse(data);
  if (parsed.success) return { ok: true, content: parsed.data.content.trim() };
  const tooLong = parsed.error.issues.some((i) => i.code === 'too_big' && i.path[0] === 'content');
  return { ok: false, error: tooLong ? ERRORS.tooLong : ERRORS.malformed };
}

export const reply = (content: string, now: Date): ServerMessage => ({
  type: 'message',
  content,
  timestamp: now.toISOString(),
});
export const error = (content: string): ServerMessage => ({ type: 'error', content });
