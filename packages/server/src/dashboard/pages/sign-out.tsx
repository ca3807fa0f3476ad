import { Hono } from 'hono';
import type { Services } from '../../services.js';
import { type DashboardEnv, signOut } from '../session/index.js';

/** POST /dashboard/sign-out (a form button in the layout; CSRF-checked like every form). */
export function signOutPage(services: Services): Hono<DashboardEnv> {
  const page = new Hono<DashboardEnv>();
  page.post('/sign-out', (c) => {
    signOut(c, services);
    return c.redirect('/dashboard/sign-in', 303);
  });
  return page;
}
