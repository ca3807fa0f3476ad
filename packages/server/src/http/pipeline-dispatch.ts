import { Context, type ErrorHandler, type Handler, type Hono, type NotFoundHandler } from 'hono';
import type { AppEnv } from './context.js';

type Fetch = Hono<AppEnv>['fetch'];

/**
 * The app's one entry (`app.fetch`: what the Node listener and the test harnesses call). It finds
 * the address's compiled handler with Hono's router and calls it with Hono's Context, as Hono's own
 * one-handler dispatch does, for every route. The pipeline compiles exactly one handler per method
 * and address, which answers every request itself and never calls Hono's `next`: Hono's compose,
 * and its `then`/`catch` around a handler that awaits, would add promises and do nothing.
 * A HEAD is answered as its GET without the body, as Hono does.
 */
export function pipelineFetch(
  app: Hono<AppEnv>,
  noRoute: NotFoundHandler<AppEnv>,
  onError: ErrorHandler<AppEnv>,
): Fetch {
  const unanswered = (): Promise<void> => Promise.resolve();
  const failed = (error: unknown, c: Context<AppEnv>): Response | Promise<Response> => {
    if (!(error instanceof Error)) throw error;
    return onError(error, c) as Response | Promise<Response>;
  };
  const dispatch = (
    request: Request,
    env: AppEnv['Bindings'] | undefined,
    executionCtx: Parameters<Fetch>[2],
    method: string,
  ): Response | Promise<Response> => {
    if (method === 'HEAD') {
      return (async () => new Response(null, await dispatch(request, env, executionCtx, 'GET')))();
    }
    const path = app.getPath(request, { env });
    const matchResult = app.router.match(method, path);
    const c = new Context<AppEnv>(request, {
      path,
      matchResult,
      env,
      executionCtx,
      notFoundHandler: noRoute,
    });
    const handler = matchResult[0][0]?.[0][0] as Handler<AppEnv> | undefined;
    try {
      return (handler === undefined ? noRoute(c) : handler(c, unanswered)) as Response | Promise<Response>;
    } catch (error) {
      return failed(error, c);
    }
  };
  return (request, env, executionCtx) => dispatch(request, env, executionCtx, request.method);
}
