import type { FastifyPluginAsync } from 'fastify';
import { scopedRoutes } from '../../auth/context';

export const subscriptionsRoutes: FastifyPluginAsync = scopedRoutes(async () => {});
