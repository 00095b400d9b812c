import type { FastifyPluginAsync } from 'fastify';
import { scopedRoutes } from '../../auth/context';

export const remindersRoutes: FastifyPluginAsync = scopedRoutes(async () => {});
