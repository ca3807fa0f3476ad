import { type Context, Hono } from 'hono';
import type { AppEnv } from './context.js';

/** The request's variables as the main app set them (the pipeline's steps'), handed to the lazy app. */
const PARENT_VARIABLES = Symbol('socialpub.parentVariables');

type CarriedBindings = NonNullable<AppEnv['Bindings']> & { [PARENT_VARIABLES]?: Record<string, unknown> };

/** Mounts an area's routes (under their whole paths) and its 404 and error handlers on `app`. */
export type AreaMount = (app: Hono<AppEnv>) => void;

/**
 * An area of the main app (the dashboard, the admin API, the OAuth endpoints) whose modules are
 * imported and whose routes are built at its first request, so a server's start and its first
 * answer never pay for them. `load` imports the area and resolves to its mount, run once on an app
 * of its own. Every address under `prefixes` is handed to that app with the request as it came,
 * its bindings (the socket) and the variables the pipeline's steps set (the name the request
 * used, `baseUrl`). Mount the result at `/`.
 */
export function lazyApp(prefixes: readonly string[], load: () => Promise<AreaMount>): Hono<AppEnv> {
  let built: Promise<Hono<AppEnv>> | undefined;
  const area = () => {
    built ??= load().then((mount) => {
      const app = new Hono<AppEnv>();
      app.use('*', (c, next) => {
        const carried = (c.env as CarriedBindings | undefined)?.[PARENT_VARIABLES] ?? {};
        for (const [name, value] of Object.entries(carried)) c.set(name as never, value as never);
        return next();
      });
      mount(app);
      return app;
    });
    return built;
  };
  const forward = async (c: Context<AppEnv>) => {
    const bindings: CarriedBindings = { ...c.env, [PARENT_VARIABLES]: c.var };
    return (await area()).fetch(c.req.raw, bindings);
  };
  const routes = new Hono<AppEnv>();
  for (const prefix of prefixes) {
    routes.all(prefix, forward);
    routes.all(`${prefix}/*`, forward);
  }
  return routes;
}
