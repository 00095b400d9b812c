import type { FastifyPluginAsync } from 'fastify';
import { scopedRoutes } from '../../auth/context';

export const rotationRoutes: FastifyPluginAsync = scopedRoutes(async () => {});
