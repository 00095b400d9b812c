import type { FastifyPluginAsync } from 'fastify';
import { scopedRoutes } from '../../auth/context';

export const racingRoutes: FastifyPluginAsync = scopedRoutes(async () => {});
