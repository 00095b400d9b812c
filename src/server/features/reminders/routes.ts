import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createReminderSchema, reminderIdParamsSchema, reminderSchema } from '../../../shared/reminder';
import { scopedRoutes, tenantOf } from '../../auth/context';
import { lookUpFirst } from '../../auth/tenancy-first';
import { noContent } from '../../lib/response-schemas';
import { authorOf } from '../audit/record';
import { completeReminder, createReminder, deleteReminder, findReminder, listReminders } from './service';

export const remindersRoutes: FastifyPluginAsync = scopedRoutes(async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, now } = app.deps;
  const tags = ['reminders'];

  app.get('/api/reminders', { schema: { tags, response: { 200: z.array(reminderSchema) } } }, async (req) =>
    listReminders(db, tenantOf(req).syndicateId),
  );

  app.post(
    '/api/reminders',
    { schema: { tags, body: createReminderSchema, response: { 201: reminderSchema } } },
    async (req, reply) => {
      const { text, date, memberId } = req.body;
      const reminder = await createReminder(
        db,
        tenantOf(req).syndicateId,
        { text, date, memberId },
        authorOf(req, now()),
      );
      return reply.code(201).send(reminder);
    },
  );

  app.put(
    '/api/reminders/:id/complete',
    {
      onRequest: lookUpFirst(findReminder),
      schema: { tags, params: reminderIdParamsSchema, response: { 200: reminderSchema } },
    },
    async (req) => {
      const tenant = tenantOf(req);
      return completeReminder(db, tenant.syndicateId, tenant, req.params.id, now());
    },
  );

  app.delete(
    '/api/reminders/:id',
    { schema: { tags, params: reminderIdParamsSchema, response: { 204: noContent } } },
    async (req, reply) => {
      const tenant = tenantOf(req);
      await deleteReminder(db, tenant.syndicateId, tenant, req.params.id, now());
      return reply.code(204).send(null);
    },
  );
});
