// GET/PUT /api/me/preferences: the signed-in user's own preferences. A session is enough (they
// belong to the user, not to a syndicate), like GET /api/auth/user.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { preferencesSchema } from '../../../shared/preferences';
import { requireSession, requireUser } from '../../auth/context';
import { publishEvent } from '../../realtime/bus';
import { getPreferences, setPreferences } from './service';

const tags = ['preferences'];

export const preferencesRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  app.get(
    '/api/me/preferences',
    {
      onRequest: requireSession,
      schema: {
        tags,
        description: "The signed-in user's preferences (all syndicates, every device)",
        response: { 200: preferencesSchema },
      },
    },
    async (req) => getPreferences(db, requireUser(req).user.id),
  );

  app.put(
    '/api/me/preferences',
    {
      onRequest: requireSession,
      schema: {
        tags,
        description:
          "Sets the signed-in user's preferences. muteLiveToasts: no toasts for other members' settlements and payments",
        body: preferencesSchema,
        response: { 200: preferencesSchema },
      },
    },
    async (req) => {
      const userId = requireUser(req).user.id;
      const saved = await setPreferences(db, userId, req.body);
      // The user's other tabs and devices refetch them (the live socket, on every instance).
      await publishEvent(db, { type: 'preferences-changed', userId });
      return saved;
    },
  );
};
