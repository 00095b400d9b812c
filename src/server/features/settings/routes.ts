import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiKeyInputSchema,
  apiKeySavedSchema,
  settingsSchema,
  updateSettingsSchema,
} from '../../../shared/settings';
import { requireAdmin, scopedRoutes, tenantOf } from '../../auth/context';
import { authorOf } from '../audit/record';
import { getSettings, saveApiKey, updateSettings } from './service';

export const settingsRoutes: FastifyPluginAsync = scopedRoutes(async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, sessionSecret, now } = app.deps;
  const tags = ['settings'];

  app.get('/api/settings', { schema: { tags, response: { 200: settingsSchema } } }, async (req) =>
    getSettings(db, tenantOf(req).syndicateId),
  );

  app.put(
    '/api/settings',
    {
      onRequest: requireAdmin,
      schema: { tags, body: updateSettingsSchema, response: { 200: settingsSchema } },
    },
    async (req) => updateSettings(db, tenantOf(req).syndicateId, req.body, authorOf(req, now())),
  );

  app.post(
    '/api/settings/api-key',
    {
      onRequest: requireAdmin,
      schema: { tags, body: apiKeyInputSchema, response: { 200: apiKeySavedSchema } },
    },
    async (req) =>
      saveApiKey(db, tenantOf(req).syndicateId, sessionSecret, req.body.apiKey, authorOf(req, now())),
  );
});
