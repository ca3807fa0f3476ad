import { Hono } from 'hono';
import type { Services } from '../../services.js';
import type { DashboardEnv, SignInThrottle } from '../session/index.js';
import { overviewPage } from './overview.js';
import { signInPage } from './sign-in.js';
import { signOutPage } from './sign-out.js';
import { signUpPage } from './sign-up.js';

/** Every page module of the dashboard, mounted at /dashboard. A new page adds one line here. */
export function dashboardPages(services: Services, throttle: SignInThrottle): Hono<DashboardEnv> {
  const pages = new Hono<DashboardEnv>();
  pages.route('/', signInPage(services, throttle));
  pages.route('/', signUpPage(services));
  pages.route('/', signOutPage(services));
  pages.route('/', overviewPage(services));
  return pages;
}
