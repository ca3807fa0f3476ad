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
  const raw = await readBodyText(c.req.raw, limitBytes);
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
  if (c.req.header('content-length') === '0' || c.req.raw.body === null) return undefined;
  return readJsonObject(c, limitBytes);
}

/**
 * The body as text, or null when it is over the limit: refused at once by its declared
 * Content-Length, else once the bytes read pass it (chunked bodies have no Content-Length).
 */
export async function readBodyText(request: Request, limitBytes: number): Promise<string | null> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (Number.isFinite(declared) && declared > limitBytes) return null;
  return readLimited(request, limitBytes);
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
