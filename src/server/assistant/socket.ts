// The assistant socket, /ws. The upgrade needs a session, an Origin of our own (PUBLIC_URL's
// origin, or the request's own host when PUBLIC_URL is unset: auth/plugin.ts isOwnOrigin, as for
// HTTP writes) and an active syndicate; the socket is then bound to that
// syndicate. Each message is re-checked against the session (logout, expiry, removal close it),
// rate-limited per user, and answered by the language model or the built-in engine.
// Opened as `/ws?live=1` (the app-wide connection, src/client/lib/use-live-updates.ts) it also
// carries the syndicate's live updates (shared/live.ts, hub.ts); the assistant's own socket does not.
import websocket from '@fastify/websocket';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { CLOSE_NO_SYNDICATE, CLOSE_SIGNED_OUT, REMOVED_REASON } from '../../shared/live';
import { cookieSettings, isOwnOrigin } from '../auth/plugin';
import { checkSession, resolveSession } from '../auth/sessions';
import { subscribe } from '../realtime/bus';
import { Hub, type LiveSocket, OPEN } from './hub';
import { answer, type ChatTurn, type LlmConfig } from './llm';
import {
  ERRORS,
  error,
  HEARTBEAT_MS,
  LIVE_RECHECK_MS,
  MAX_FRAME_BYTES,
  MAX_SOCKETS_PER_SESSION,
  parseFrame,
  RATE_WINDOW_MS,
  reply,
  type ServerMessage,
} from './protocol';

export interface AssistantSocketOptions {
  /** Overrides env.assistantLlm (tests shorten the time limit). */
  llm?: LlmConfig;
  /** Overrides LIVE_RECHECK_MS (tests shorten it). */
  liveRecheckMs?: number;
}

/** Past exchanges sent to the language model with a new question. */
const HISTORY_TURNS = 10;

function frameText(data: Buffer | ArrayBuffer | Buffer[]): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data instanceof ArrayBuffer ? new Uint8Array(data) : data).toString('utf8');
}

export const assistantSocket: FastifyPluginAsync<AssistantSocketOptions> = async (app, opts) => {
  const { env, db, now } = app.deps;
  const llm = opts.llm ?? env.assistantLlm;
  const recheckMs = opts.liveRecheckMs ?? LIVE_RECHECK_MS;
  const cookie = cookieSettings(env.publicUrl);
  await app.register(websocket, {
    options: { maxPayload: MAX_FRAME_BYTES },
    // A client's protocol error (a frame over MAX_FRAME_BYTES, a bad opcode): `ws` has already
    // closed the socket with its code (1009, 1002). The client's doing, so a line at info, not
    // an error with a stack; anything else is ours and stays an error.
    errorHandler: (error, socket, req) => {
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && code.startsWith('WS_ERR_')) {
        req.log.info({ code, message: error.message }, 'websocket closed on a protocol error');
      } else req.log.error(error);
      socket.terminate();
    },
  });

  const hub = new Hub();
  let open = true;
  // The event bus, on every instance: sign-outs, moved sessions and removed members close
  // sockets here; committed writes go out to live sockets. Subscribed for the app's life.
  subscribe(db, (event) => {
    if (open) hub.apply(event);
  });
  const sweeper = setInterval(() => hub.sweep(Date.now()), RATE_WINDOW_MS);
  sweeper.unref();
  const heartbeat = setInterval(() => hub.beat(), HEARTBEAT_MS);
  heartbeat.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    clearInterval(heartbeat);
    open = false;
    hub.closeAll();
  });

  /** Refuses the upgrade (an HTTP answer instead of 101) unless session, Origin and syndicate are right. */
  async function guard(req: FastifyRequest, res: FastifyReply) {
    const origin = req.headers.origin;
    if (origin === undefined || !isOwnOrigin(origin, req, env))
      return res.code(403).send({ message: 'Cross-site request refused' });
    if (!req.auth) return res.code(401).send({ message: 'Not signed in' });
    if (!req.auth.tenant) return res.code(403).send({ message: 'Join or create a syndicate first' });
    if (hub.count(req.auth.sessionHash) >= MAX_SOCKETS_PER_SESSION)
      return res.code(429).send({ message: 'Too many assistant connections' });
  }

  app.get('/ws', { websocket: true, onRequest: guard }, (socket: LiveSocket, req: FastifyRequest) => {
    const auth = req.auth;
    const token = req.cookies[cookie.name];
    if (!auth?.tenant || !token) return socket.close(CLOSE_SIGNED_OUT, 'Signed out');
    const { sessionHash, user } = auth;
    const { syndicateId, memberId } = auth.tenant;
    const live = new URLSearchParams(req.url.split('?')[1] ?? '').get('live') === '1';
    hub.add(sessionHash, socket, { syndicateId, memberId, userId: user.id, live });
    socket.on('close', () => hub.remove(sessionHash, socket));
    if (live) {
      // An event that came between the upgrade's check and now found no socket to close: check
      // once more, and then every LIVE_RECHECK_MS (a live socket sends no messages, which would
      // re-check it; an expiry, or a change made behind the app, sends no event).
      const recheck = () =>
        checkSession(db, token, now()).then(
          (current) => {
            if (current?.tenant?.syndicateId !== syndicateId || current.tenant.memberId !== memberId)
              socket.close(current ? CLOSE_NO_SYNDICATE : CLOSE_SIGNED_OUT, 'Signed out');
          },
          (err: unknown) => req.log.warn({ err }, 'live socket re-check failed'),
        );
      void recheck();
      const timer = setInterval(recheck, recheckMs);
      timer.unref();
      socket.on('close', () => clearInterval(timer));
    }

    const send = (message: ServerMessage) => {
      if (socket.readyState === OPEN) socket.send(JSON.stringify(message));
    };
    const history: ChatTurn[] = [];
    let queue: Promise<void> = Promise.resolve();

    async function handle(question: string) {
      // The session may have ended, or the membership changed, since the upgrade.
      const current = await resolveSession(db, token ?? '', now());
      if (!current) return socket.close(CLOSE_SIGNED_OUT, 'Signed out');
      if (current.tenant?.syndicateId !== syndicateId)
        return socket.close(CLOSE_NO_SYNDICATE, REMOVED_REASON);
      const scope = { db, syndicateId, memberId: current.tenant.memberId, now: now() };
      const text = await answer(llm, scope, question, history, (err) =>
        req.log.warn({ err }, 'assistant language model failed; the built-in engine answered'),
      );
      history.push({ role: 'user', content: question }, { role: 'assistant', content: text });
      history.splice(0, Math.max(0, history.length - HISTORY_TURNS));
      send(reply(text, now()));
    }

    socket.on('message', (data, isBinary) => {
      if (!hub.allow(user.id, Date.now())) return send(error(ERRORS.rateLimited));
      if (isBinary) return send(error(ERRORS.binary));
      const parsed = parseFrame(frameText(data));
      if (!parsed.ok) return send(error(parsed.error));
      // Spec §5: empty messages are ignored.
      if (!parsed.content) return;
      queue = queue
        .then(() => handle(parsed.content))
        .catch((err: unknown) => {
          req.log.error({ err }, 'assistant failed to answer');
          send(error(ERRORS.failed));
        });
    });
  });
};
