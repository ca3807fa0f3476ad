import { ApiError } from '@socialpub/core';
import type { Context } from 'hono';
import type { FaultAnswer } from '../db/faults-repo.js';
import type { AppEnv } from './context.js';
import { ConnectionDroppedError } from './error-response.js';

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
