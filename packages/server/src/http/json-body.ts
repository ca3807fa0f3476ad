import { type ApiError, apiError, LIMITS, readJsonText } from '@socialpub/core';
import type { Context } from 'hono';
import type { AppEnv } from './context.js';

/** Core's 1 MiB body limit; the admin dashboard upload passes its own, larger limit. */
export const JSON_BODY_LIMIT_BYTES = LIMITS.jsonBody.maxBytes;

export type JsonBody = Record<string, unknown>;

function refuse(message: string): ApiError {
  // The route's address turns `bad_request` into `invalid_request` or `api_error` where documented.
  return apiError('bad_request', message);
}

/** Reads the body as one JSON object, or throws 400 (invalid JSON, too deep, not an object, too large). */
export async function readJsonObject(
  c: Context<AppEnv>,
  limitBytes = JSON_BODY_LIMIT_BYTES,
): Promise<JsonBody> {
  const raw = await readBodyText(c, limitBytes);
  if (raw === null) throw refuse(`The body is larger than ${limitBytes} bytes.`);
  // Nesting is bounded before parsing (core's LIMITS.jsonBody), so no later walk can overflow.
  const reading = readJsonText(raw);
  if (!reading.ok) throw refuse(reading.message);
  const value = reading.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw refuse('The body must be a JSON object.');
  }
  return value as JsonBody;
}

/**
 * Like `readJsonObject`, for a body that may be left out: undefined when there is none
 * (`Content-Length: 0`, or no body at all).
 */
export async function readOptionalJsonObject(
  c: Context<AppEnv>,
  limitBytes = JSON_BODY_LIMIT_BYTES,
): Promise<JsonBody | undefined> {
  return hasBody(c) ? readJsonObject(c, limitBytes) : undefined;
}

/**
 * Whether the request carries a body, from its headers when it came over a socket: asking
 * `request.body` of `@hono/node-server`'s light request builds a whole web Request (one with its
 * own abort signal, kept by undici until a full collection). A request built in-process
 * (`app.request` in tests) is asked directly.
 */
function hasBody(c: Context<AppEnv>): boolean {
  const length = c.req.header('content-length');
  if (length !== undefined) return length !== '0';
  if (c.req.header('transfer-encoding') !== undefined) return true;
  return c.env?.incoming === undefined && c.req.raw.body !== null;
}

/**
 * The body as text, or null when it is over the limit. A body that declares its length is
 * refused at once past the limit, else read with Hono's `c.req.text()`: behind `@hono/node-server`
 * that reads the socket directly (no web stream, no web Request with its abort signal), Node's
 * parser stops at the declared length, and a second reader of the request (the handler after the
 * idempotency layer) gets the same text. Chunked bodies go through `readLimited`.
 */
export async function readBodyText(c: Context<AppEnv>, limitBytes: number): Promise<string | null> {
  const declared = c.req.header('content-length');
  if (declared !== undefined && /^\d{1,10}$/.test(declared)) {
    return Number(declared) > limitBytes ? null : c.req.text();
  }
  return readLimited(c.req.raw, limitBytes);
}

/** The body as text, or null once it passes the limit (chunked bodies have no Content-Length). */
export async function readLimited(request: Request, limitBytes: number): Promise<string | null> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limitBytes) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks));
}
