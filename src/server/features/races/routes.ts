import type { FastifyPluginAsync } from 'fastify';
import { scopedRoutes } from '../../auth/context';

export const racesRoutes: FastifyPluginAsync = scopedRoutes(async () => {});
