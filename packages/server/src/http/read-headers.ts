import type { Context } from 'hono';
import type { AppEnv } from './context.js';
import { jsonAnswerWithNoSniff } from './security-headers.js';

const READ_CACHE_CONTROL = 'private, no-store';

/** All reads: `Cache-Control: private, no-store` (GET /accounts/{id}/options, last paragraph). */
export const READ_HEADERS: Readonly<Record<string, string>> = { 'Cache-Control': READ_CACHE_CONTROL };

/**
 * A read's 200 answer. Not `c.json(body, 200, READ_HEADERS)`: with more than one header Hono
 * builds a Headers object per answer, while a plain header object goes to the socket as it is.
 */
export function readAnswer(body: unknown): Response {
  return readJsonAnswer(JSON.stringify(body));
}

/** A read's 200 answer from JSON text already serialised (a kept answer). */
export function readJsonAnswer(json: string): Response {
  return jsonAnswerWithNoSniff(json, 200, READ_CACHE_CONTROL);
}

/** A read's route handler that answers at once (no await), so the pipeline answers it in the request's turn. */
export type ReadAtOnce = (c: Context<AppEnv>) => Response;
