import type { FastifyPluginAsync } from 'fastify';
import { scopedRoutes } from '../../auth/context';

export const statsRoutes: FastifyPluginAsync = scopedRoutes(async () => {});
