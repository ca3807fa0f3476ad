import { ApiError } from '@socialpub/core';
import type { Context, MiddlewareHandler } from 'hono';
import type { FaultAnswer, FaultsRepository } from '../db/faults-repo.js';
import type { AppEnv } from './context.js';
import { ConnectionDroppedError, errorResponse } from './error-response.js';

// Not `apiError`: a fault replays whatever status and code the admin armed (any documented 5xx or
// 503, or a code a client wants to test against), so the catalog must not refuse or reshape it.
export function faultError(answer: Exclude<FaultAnswer, 'drop'>): ApiError {
  return new ApiError(answer.code, `Simulated fault: ${answer.code} (armed through the admin API).`, {
    status: answer.status,
    ...(answer.retry_after_seconds === undefined ? {} : { retryAfterSeconds: answer.retry_after_seconds }),
  });
}

/**
 * An injected answer says so, naming the fault: a client under test (or the suites' OpenAPI check,
 * which skips it) can tell it from one the service chose, since it may be any status and code.
 */
export const FAULT_HEADER = 'X-Socialpub-Fault';

export function faultHeader(faultId: string): Record<string, string> {
  return { [FAULT_HEADER]: faultId };
}

/**
 * Cuts the connection: behind a real listener the socket is destroyed so the client sees a lost
 * answer; in-process (`app.request`) the request rejects like a failed fetch.
 */
export function drop(c: Context<AppEnv>): never {
  c.env?.incoming?.socket.destroy();
  throw new ConnectionDroppedError();
}

/**
 * Admin `POST /faults`: `before` answers at once and nothing is done; `after` lets the work happen,
 * then replaces the answer, as when a connection breaks after sending. Runs after authentication,
 * so a fault matched by `account_id` sees the caller's account.
 */
export function faultInjection(faults: FaultsRepository): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.path.startsWith('/admin/') || c.req.path === '/health') return next();
    const fault = faults.consumeMatch({
      method: c.req.method,
      path: c.req.path,
      accountId: c.get('caller')?.account.id ?? null,
    });
    if (!fault) return next();
    if (fault.when === 'before') {
      if (fault.answer === 'drop') drop(c);
      return errorResponse(c, faultError(fault.answer), faultHeader(fault.id));
    }
    await next();
    if (fault.answer === 'drop') drop(c);
    c.res = errorResponse(c, faultError(fault.answer), faultHeader(fault.id));
  };
}
