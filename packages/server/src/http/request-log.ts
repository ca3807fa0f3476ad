import { LIMITS } from '@socialpub/core';
import type { Context } from 'hono';
import type { RequestLogRepository } from '../db/request-log-repo.js';
import type { ServerEvents } from '../observability/server-events.js';
import type { AppEnv } from './context.js';

/**
 * The key the service keyed on: the idempotency middleware's normalised key when it applied to the
 * request; else the raw header (cut to the 255 characters a key may have), so a refused or ignored
 * key still shows what the client sent.
 */
function loggedIdempotencyKey(c: Context<AppEnv>): string | null {
  const normalized = c.get('idempotencyKey');
  if (normalized !== undefined) return normalized;
  return c.req.header('idempotency-key')?.slice(0, LIMITS.idempotency.keyMaxLength) ?? null;
}

/**
 * The request log's record of a request (logged addresses only) that came in at `at` (the server's
 * clock) to the route registered as `route` (the pattern, '' when no route took it): `finish` it
 * with the answer's status once that is known (0 when the request failed without one).
 */
export class RequestLogRecord {
  readonly #started = performance.now();
  readonly #atMs: number;

  constructor(
    private readonly log: RequestLogRepository,
    at: Date,
    private readonly c: Context<AppEnv>,
    private readonly events: ServerEvents | undefined,
    private readonly route: string,
  ) {
    this.#atMs = at.getTime();
  }

  finish(status: number): void {
    const { c } = this;
    try {
      const elapsedMs = performance.now() - this.#started;
      const method = c.req.method;
      const path = c.req.path;
      const errorCode = c.get('errorCode') ?? null;
      const accountId = c.get('caller')?.account.id ?? null;
      const clientAddress = c.get('clientAddress') ?? null;
      this.log.add({
        atMs: this.#atMs,
        method,
        path,
        status,
        errorCode,
        durationMs: Math.round(elapsedMs),
        accountId,
        clientAddress,
        idempotencyKey: loggedIdempotencyKey(c),
        // The flag, not the answer's header: reading `c.res.headers` builds a Headers object per answer.
        replayed: c.get('idempotencyReplayed') === true,
      });
      // The route's pattern, never the raw path: one series per route, not per id.
      this.events?.request(method, this.route, status, elapsedMs / 1000, {
        path,
        clientAddress,
        accountId,
        errorCode,
      });
    } catch {
      // Logging must never turn an answer into a failure (e.g. the database closed at shutdown).
    }
  }
}
