import type { FastifyPluginAsync } from 'fastify';
import { scopedRoutes } from '../../auth/context';

export const betsRoutes: FastifyPluginAsync = scopedRoutes(async () => {});
