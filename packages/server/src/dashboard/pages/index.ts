import { Hono } from 'hono';
import type { Services } from '../../services.js';
import type { DashboardEnv, SignInThrottle, SignUpThrottle } from '../session/index.js';
import { analyticsPage } from './analytics.js';
import { apiKeysPage } from './api-keys.js';
import { clockPage } from './clock.js';
import { composePage } from './compose.js';
import { connectedAppsPage } from './connected-apps.js';
import { connectionPage } from './connection.js';
import { consentPage } from './consent.js';
import { historyPage } from './history.js';
import { inboxPage } from './inbox.js';
import { mediaPage } from './media.js';
import { overviewPage } from './overview.js';
import { planPage } from './plan.js';
import { profilesPage } from './profiles.js';
import { scheduledPage } from './scheduled.js';
import { settingsPage } from './settings.js';
import { signInPage } from './sign-in.js';
import { signOutPage } from './sign-out.js';
import { signUpPage } from './sign-up.js';
import { signUpClosedPage } from './sign-up-closed.js';

/** Every page module of the dashboard, mounted at /dashboard. A new page adds one line here. */
export function dashboardPages(
  services: Services,
  throttle: SignInThrottle,
  signUpThrottle: SignUpThrottle,
): Hono<DashboardEnv> {
  const pages = new Hono<DashboardEnv>();
  pages.route('/', signInPage(services, throttle));
  pages.route('/', services.signup === 'open' ? signUpPage(services, signUpThrottle) : signUpClosedPage());
  pages.route('/', signOutPage(services));
  pages.route('/', overviewPage(services));
  pages.route('/', apiKeysPage(services));
  pages.route('/', profilesPage(services));
  pages.route('/', connectionPage(services));
  pages.route('/', scheduledPage(services));
  pages.route('/', historyPage(services));
  pages.route('/', analyticsPage(services));
  pages.route('/', inboxPage(services));
  pages.route('/', composePage(services));
  pages.route('/', mediaPage(services));
  pages.route('/', planPage(services));
  pages.route('/', clockPage(services));
  pages.route('/', settingsPage(services));
  // The AI-app connector's pages: the consent asked by /oauth/authorize, and the apps connected.
  pages.route('/', consentPage(services));
  pages.route('/', connectedAppsPage(services));
  return pages;
}
