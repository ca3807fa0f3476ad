import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/context.js';

/** All reads: `Cache-Control: private, no-store` (GET /accounts/{id}/options, last paragraph). */
export const READ_HEADERS: Readonly<Record<string, string>> = { 'Cache-Control': 'private, no-store' };

/**
 * A read's 200 answer. Not `c.json(body, 200, READ_HEADERS)`: with more than one header Hono
 * builds a Headers object per answer, while a plain header object goes to the socket as it is.
 */
export function readAnswer(body: unknown): Response {
  return readJsonAnswer(JSON.stringify(body));
}

/** A read's 200 answer from JSON text already serialised (a kept answer). */
export function readJsonAnswer(json: string): Response {
  return new Response(json, {
    status: 200,
    headers: { 'content-type': 'application/json', 'cache-control': 'private, no-store' },
  });
}

/**
 * All reads answer `Cache-Control: private, no-store`, refusals included. The 200s carry the header
 * already (`readAnswer`): only a refusal's headers are touched, because reading `c.res.headers` turns
 * the answer's plain header object into a Headers object.
 */
export const readHeadersOnRefusal: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.req.method === 'GET' && c.res.status >= 300)
    for (const [name, value] of Object.entries(READ_HEADERS)) c.res.headers.set(name, value);
};
