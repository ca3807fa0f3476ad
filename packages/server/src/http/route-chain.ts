import type { Context, MiddlewareHandler, Next } from 'hono';
import type { AppEnv } from './context.js';
import { onError } from './error-response.js';

/** A route's handler or one of its middleware, as Hono registers them. */
export type RouteHandler = (c: Context<AppEnv>, next: Next) => unknown;

/** A request a conditional middleware applies to. */
export type Applies = (c: Context<AppEnv>) => boolean;

const APPLIES = Symbol('socialpub.appliesTo');

/**
 * Marks a route's middleware that does nothing but call `next` unless `applies` (the idempotency
 * layer without an `Idempotency-Key`): the compiled route then runs its handler alone for such a
 * request, as a route with one handler.
 */
export function onlyWhen(applies: Applies, middleware: MiddlewareHandler<AppEnv>): MiddlewareHandler<AppEnv> {
  return Object.assign(middleware, { [APPLIES]: applies });
}

/** The middleware's condition, or null when it always applies. */
export function isConditional(handler: RouteHandler): Applies | null {
  return (handler as { [APPLIES]?: Applies })[APPLIES] ?? null;
}

/** Whether every handler before the last is conditional. */
export function skipsConditionals(handlers: readonly RouteHandler[]): boolean {
  return handlers.slice(0, -1).every((h) => isConditional(h) !== null);
}

/**
 * A route's middleware and handler run in order, each awaiting the next, with Hono's compose
 * semantics (a handler's error answered by the error handler where it is thrown, `c.res` set from
 * each answer), but without touching the route index the request log's route path reads.
 */
export function chainHandlers(handlers: readonly RouteHandler[]): RouteHandler {
  return (c, last) => {
    let index = -1;
    const dispatch = async (i: number): Promise<void> => {
      if (i <= index) throw new Error('next() called multiple times');
      index = i;
      const handler = handlers[i];
      if (handler === undefined) return i === handlers.length ? last() : undefined;
      let res: unknown;
      let isError = false;
      try {
        res = await handler(c, () => dispatch(i + 1));
      } catch (error) {
        if (!(error instanceof Error)) throw error;
        c.error = error;
        res = await onError(error, c);
        isError = true;
      }
      if (res instanceof Response && (!c.finalized || isError)) c.res = res;
    };
    return dispatch(0).then(() => c.res);
  };
}
