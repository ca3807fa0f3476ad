import { type Context, Hono } from 'hono';
import type { AppEnv } from '../http/context.js';
import type { Services } from '../services.js';

/** The request's variables as the main app set them (the front door's), handed to the dashboard. */
const PARENT_VARIABLES = Symbol('socialpub.parentVariables');

type CarriedBindings = NonNullable<AppEnv['Bindings']> & { [PARENT_VARIABLES]?: Record<string, unknown> };

/**
 * `/dashboard` for the main app: the dashboard's pages, session, assets and hono/jsx are imported
 * and built at the first dashboard request, so a server's start and its first API answer never
 * pay for them. The dashboard is an app of its own (its 404 page, error page and body limit), so it
 * is fetched with the request as it came, its bindings (the socket, for the sign-in throttle) and
 * the variables the main app's front door set for the request (the name it used, `baseUrl`).
 */
export function lazyDashboard(services: Services): Hono<AppEnv> {
  let dashboard: Promise<Hono<AppEnv>> | undefined;
  const load = () => {
    dashboard ??= import('./index.js').then(({ dashboardApp }) => {
      const app = new Hono<AppEnv>();
      app.use('*', (c, next) => {
        const carried = (c.env as CarriedBindings | undefined)?.[PARENT_VARIABLES] ?? {};
        for (const [name, value] of Object.entries(carried)) c.set(name as never, value as never);
        return next();
      });
      return app.route('/dashboard', dashboardApp(services));
    });
    return dashboard;
  };
  const routes = new Hono<AppEnv>();
  const forward = async (c: Context<AppEnv>) => {
    const bindings: CarriedBindings = { ...c.env, [PARENT_VARIABLES]: c.var };
    return (await load()).fetch(c.req.raw, bindings);
  };
  routes.all('/', forward);
  routes.all('/*', forward);
  return routes;
}
