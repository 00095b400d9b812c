// Every feature's routes, in one list: app.ts registers them all. Each plugin is built with
// `scopedRoutes` (tenant-scoped: 401 without a session, 403 without a syndicate) unless it
// says otherwise (health, syndicates).
import type { FastifyPluginAsync } from 'fastify';
import { auditRoutes } from './audit/routes';
import { bankRoutes } from './bank/routes';
import { betsRoutes } from './bets/routes';
import { calendarFeedFileRoutes, calendarFeedRoutes } from './calendar-feed/routes';
import { exportRoutes } from './export/routes';
import { healthRoutes } from './health/routes';
import { importRoutes } from './import/routes';
import { insightsRoutes } from './insights/routes';
import { membersRoutes } from './members/routes';
import { preferencesRoutes } from './preferences/routes';
import { racesRoutes } from './races/routes';
import { racingRoutes } from './racing/routes';
import { remindersRoutes } from './reminders/routes';
import { rotationRoutes } from './rotation/routes';
import { settingsRoutes } from './settings/routes';
import { statsRoutes } from './stats/routes';
import { subscriptionsRoutes } from './subscriptions/routes';
import { syndicatesRoutes } from './syndicates/routes';

export const featureRoutes: FastifyPluginAsync[] = [
  healthRoutes,
  syndicatesRoutes,
  membersRoutes,
  subscriptionsRoutes,
  racesRoutes,
  betsRoutes,
  remindersRoutes,
  settingsRoutes,
  rotationRoutes,
  statsRoutes,
  racingRoutes,
  bankRoutes,
  insightsRoutes,
  exportRoutes,
  importRoutes,
  calendarFeedRoutes,
  calendarFeedFileRoutes,
  auditRoutes,
  preferencesRoutes,
];
