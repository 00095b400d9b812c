// Makes a change on one instance take effect at once on every instance. Reads reuse a session
// resolved moments ago (sessions.ts); a state-changing request may have changed who may do what
// (a member archived, a role changed, a member deactivated, a session ended). So every
// state-changing request, before it answers, NOTIFYs every instance on one PostgreSQL channel
// (one extra query, committed before the answer leaves), and each instance, this one included,
// forgets its reused sessions when the notification arrives. A read about to reuse a session
// first makes sure every notification committed before it has arrived (db/notifier.ts, sync).
import type { FastifyInstance } from 'fastify';
import { INVALIDATE_CHANNEL, startNotifier, uniquePayload } from '../db/notifier';
import { subscribe } from '../realtime/bus';
import { STATE_CHANGING } from './plugin';
import { invalidateSessions } from './sessions';

/** A refused request (4xx) changed nothing (the app's rule), so it announces nothing. */
const changedNothing = (status: number) => status >= 400 && status < 500;

export async function installInvalidation(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  const notifier = startNotifier(db, app.log);
  notifier.on(INVALIDATE_CHANNEL, () => invalidateSessions(db));
  // A session ended or moved, a member removed, or events missed: forget too. (A write's
  // `changed` event needs nothing here: its request announced itself on INVALIDATE_CHANNEL.)
  subscribe(db, (event) => {
    if (event.type !== 'changed') invalidateSessions(db);
  });
  await notifier.ready;
  app.addHook('onClose', async () => notifier.stop());

  // onSend: the last step before the answer is written, on every path (success, error, and a
  // client that has hung up: the write happened all the same).
  app.addHook('onSend', async (req, reply, payload) => {
    if (STATE_CHANGING.has(req.method) && !changedNothing(reply.statusCode)) {
      await notifier.publish(INVALIDATE_CHANNEL, uniquePayload());
    }
    return payload;
  });
}
