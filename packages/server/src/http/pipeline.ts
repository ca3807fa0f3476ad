import { type Context, type Handler, Hono, type MiddlewareHandler, type NotFoundHandler } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';
import type { RouterRoute } from 'hono/types';
import { mergePath } from 'hono/utils/url';
import type { AppEnv } from './context.js';
import { notFound, onError } from './error-response.js';
import { answerNoRoute, takesOptionsAt } from './no-route.js';
import { pipelineFetch } from './pipeline-dispatch.js';
import { isEntered, type PipelineSteps } from './pipeline-steps.js';
import { chainHandlers, isConditional, type RouteHandler, skipsConditionals } from './route-chain.js';
import { OPEN_NEEDS, type RouteNeeds } from './route-needs.js';

interface Entry {
  method: string;
  path: string;
  handler: RouteHandler;
}

interface Area {
  prefix: string;
  needs: RouteNeeds;
}

const ALL = 'ALL';
/** What the log and metrics name a request no route took (Hono's `routePath` gives '' too). */
const NO_ROUTE = '';

/**
 * The one request pipeline. Every route (REST, dashboard, OAuth, admin, MCP, tus, the operator's
 * addresses) is registered here with the area it lies in, and `build` compiles each into one
 * handler: the steps its area needs (pipeline-steps.ts), then the route's own handlers, then the
 * steps' second half. A route whose handler answers at once is answered in the turn the request
 * arrived, through Hono's one-handler dispatch (as Fastify compiles hooks per route); a request no
 * route takes (404, 405) passes the same steps. A step added to `PipelineSteps` applies to every
 * address; an area's needs are declared once, with `area`.
 */
export class Pipeline {
  readonly #steps: PipelineSteps;
  readonly #areas: Area[] = [];
  readonly #entries: Entry[] = [];

  constructor(steps: PipelineSteps) {
    this.#steps = steps;
  }

  /**
   * Declares what every address under `prefix` needs. A prefix ending in `/` takes the paths that
   * start with it; `/` takes only itself; any other takes itself and the paths under it. The
   * longest declared prefix wins; an address under none needs `OPEN_NEEDS`.
   */
  area(prefix: string, needs: RouteNeeds): this {
    this.#areas.push({ prefix, needs });
    this.#areas.sort((a, b) => b.prefix.length - a.prefix.length);
    return this;
  }

  /** Registers a group's routes (a Hono app of them) under `base`, as `app.route(base, routes)` would. */
  mount(base: string, routes: { readonly routes: readonly RouterRoute[] }): this {
    for (const route of routes.routes) {
      const handler = route.handler as RouteHandler;
      this.#entries.push({ method: route.method, path: mergePath(base, route.path), handler });
    }
    return this;
  }

  /** A middleware at one address, run before the routes registered there after it (idempotency). */
  use(path: string, handler: MiddlewareHandler<AppEnv>): this {
    this.#entries.push({ method: ALL, path, handler });
    return this;
  }

  /** The needs of an address (a route's pattern at build, a request's path when no route takes it). */
  needsAt(path: string): RouteNeeds {
    for (const { prefix, needs } of this.#areas) if (takes(prefix, path)) return needs;
    return OPEN_NEEDS;
  }

  /** The app: one compiled handler per method and address, and the same steps for a request no route takes. */
  build(): Hono<AppEnv> {
    const app = new Hono<AppEnv>();
    const methodsAt = new TrieRouter<string[]>();
    const byPath = new Map<string, Entry[]>();
    for (const entry of this.#entries) {
      const list = byPath.get(entry.path);
      if (list === undefined) byPath.set(entry.path, [entry]);
      else list.push(entry);
    }
    for (const [path, entries] of byPath) {
      const needs = this.needsAt(path);
      const methods = [...new Set(entries.filter((e) => e.method !== ALL).map((e) => e.method))];
      for (const method of methods) {
        // Each method's handlers: the address's middleware registered before its last handler.
        const last = entries.findLastIndex((e) => e.method === method);
        const handlers = entries.slice(0, last + 1).filter((e) => e.method === ALL || e.method === method);
        app.on(
          method,
          path,
          this.#compile(
            needs,
            path,
            handlers.map((e) => e.handler),
          ),
        );
      }
      // What the address answers for any other method (a catch-all, or a route for every method).
      const lastMethod = entries.findLastIndex((e) => e.method !== ALL);
      if (lastMethod < entries.length - 1) {
        app.all(
          path,
          this.#compile(
            needs,
            path,
            entries.filter((e) => e.method === ALL).map((e) => e.handler),
          ),
        );
      }
      if (methods.length > 0) {
        const options = entries.some((e) => takesOptionsAt(e.handler)) ? ['OPTIONS'] : [];
        methodsAt.add(ALL, path, [...methods, ...(methods.includes('GET') ? ['HEAD'] : []), ...options]);
      }
    }
    const allowed = (path: string): string[] => [
      ...new Set(methodsAt.match(ALL, path)[0].flatMap(([m]) => m)),
    ];
    const steps = this.#steps;
    const noRoute: NotFoundHandler<AppEnv> = (c) => {
      const entered = steps.enter(c, this.needsAt(c.req.path), NO_ROUTE);
      if (!isEntered(entered)) return entered;
      c.res = answerNoRoute(c, this.needsAt(c.req.path).methodNotAllowed ? allowed(c.req.path) : []);
      steps.leave(c, entered);
      return c.res;
    };
    // The app's entry calls each address's compiled handler itself (pipeline-dispatch.ts).
    app.fetch = pipelineFetch(app, noRoute, onError);
    return app;
  }

  /**
   * A route's steps and handlers as one handler: synchronous when its handler answers at once.
   * `route`: its pattern, which the log and metrics name it by, known here rather than looked up.
   */
  #compile(needs: RouteNeeds, route: string, handlers: RouteHandler[]): Handler<AppEnv> {
    const steps = this.#steps;
    const chained = chainHandlers(handlers);
    const final = handlers[handlers.length - 1] as RouteHandler;
    const run: RouteHandler =
      handlers.length === 1
        ? final
        : skipsConditionals(handlers)
          ? unlessApplies(handlers, chained, final)
          : chained;
    const answered = (c: Context<AppEnv>, entered: Parameters<PipelineSteps['leave']>[1], res: unknown) => {
      // Hono's setter rebuilds an answer set over another (body and headers copied): an answer
      // already in place (a chain's, or one the handler set and returned) is not set again.
      if (res instanceof Response) {
        if (!c.finalized || c.res !== res) c.res = res;
      } else if (!c.finalized) c.res = notFound(c) as Response;
      try {
        steps.leave(c, entered);
      } catch (error) {
        // A fault `after` with `drop` cuts the connection; anything else is the error handler's.
        if (!(error instanceof Error)) throw error;
        return onError(error, c) as Response;
      }
      return c.res;
    };
    const refused = (c: Context<AppEnv>, entered: Parameters<PipelineSteps['leave']>[1], error: unknown) => {
      let res: Response;
      try {
        if (!(error instanceof Error)) throw error;
        c.error = error;
        res = onError(error, c) as Response;
      } catch (thrown) {
        // Not answerable (a dropped connection): the log records no answer.
        steps.failed(entered);
        throw thrown;
      }
      return answered(c, entered, res);
    };
    const inRoute = (c: Context<AppEnv>) => {
      c.res = notFound(c) as Response;
      return Promise.resolve();
    };
    return (c) => {
      const entered = steps.enter(c, needs, route);
      if (!isEntered(entered)) return entered;
      let res: unknown;
      try {
        res = run(c, () => inRoute(c));
      } catch (error) {
        return refused(c, entered, error);
      }
      if (res instanceof Promise) {
        return res.then(
          (value: unknown) => answered(c, entered, value),
          (error: unknown) => refused(c, entered, error),
        );
      }
      return answered(c, entered, res);
    };
  }
}

function takes(prefix: string, path: string): boolean {
  if (prefix === '/') return path === '/';
  return prefix.endsWith('/') ? path.startsWith(prefix) : path === prefix || path.startsWith(`${prefix}/`);
}

/** A chain whose middleware applies only to some requests (idempotency): the handler alone for the rest. */
function unlessApplies(handlers: RouteHandler[], chained: RouteHandler, final: RouteHandler): RouteHandler {
  const conditions = handlers.slice(0, -1).map((h) => isConditional(h));
  return (c, next) => (conditions.some((applies) => applies?.(c)) ? chained(c, next) : final(c, next));
}
