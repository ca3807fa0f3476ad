import { Hono } from 'hono';
import type { AppEnv } from '../http/context.js';
import type { Services } from '../services.js';
import { adminAccountsRoutes } from './admin-accounts.js';
import { adminAuth } from './admin-auth.js';
import { adminClockRoutes } from './admin-clock.js';
import { adminDeliveriesRoutes } from './admin-deliveries.js';
import { adminFaultsRoutes } from './admin-faults.js';
import { adminNetworksRoutes } from './admin-networks.js';
import { adminTestClocksRoutes } from './admin-test-clocks.js';

/** The admin API (`/admin/v1`), mounted only when an admin token is configured. */
export function adminApp(services: Services, adminTokenHash: string): Hono<AppEnv> {
  const admin = new Hono<AppEnv>();
  admin.use('*', adminAuth(adminTokenHash));
  admin.route('/', adminAccountsRoutes(services));
  admin.route('/', adminNetworksRoutes(services));
  admin.route('/', adminClockRoutes(services));
  admin.route('/', adminTestClocksRoutes(services));
  admin.route('/', adminFaultsRoutes(services));
  admin.route('/', adminDeliveriesRoutes(services));
  return admin;
}
