// Makes a change on one instance take effect at once on every instance. Reads reuse a session
// resolved moments ago (sessions.ts). A write that may change who may do what (a member archived,
// a role changed, a member deactivated, a session ended or moved, a user renamed) is announced by
// the database, in the writer's transaction, on one channel (db/session-triggers.ts): every
// instance, this one included, forgets its reused sessions when the notification arrives. A read
// about to reuse a session first makes sure every notification committed before it has arrived
// (db/notifier.ts, sync), so the write's own client, and anyone after it, is never answered from a
// session the write changed. Writes that change none of those tables announce nothing.
import type { FastifyInstance } from 'fastify';
import { INVALIDATE_CHANNEL, startNotifier } from '../db/notifier';
import { subscribe } from '../realtime/bus';
import { invalidateSessions } from './sessions';

export async function installInvalidation(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  const notifier = startNotifier(db, app.log);
  notifier.on(INVALIDATE_CHANNEL, () => invalidateSessions(db));
  // A session ended or moved, a member removed, or events missed: forget too. (A write's
  // `changed` event needs nothing here: the tables behind sessions announce their own changes.)
  subscribe(db, (event) => {
    if (event.type !== 'changed') invalidateSessions(db);
  });
  await notifier.ready;
  app.addHook('onClose', async () => notifier.stop());
}
