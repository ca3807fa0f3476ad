import { certificateProblem } from '@socialpub/core';
import { APIError } from '@socialpub/sdk';
import { type HttpReply, httpRequest } from './http-connection.js';

/**
 * The "Own TUS client" of "POST /media/uploads": HEAD for `Upload-Offset`, PATCH pieces of exactly
 * `chunk_size` bytes from it, the token in `x-signature` only (never in a URL), and never a
 * creation request. Answers are returned, not thrown, so the caller maps each to an exit code.
 */
export type TusAnswer =
  | { ok: true; offset: number }
  | {
      ok: false;
      status: number;
      code: string | undefined;
      message: string;
      retryAfterSeconds: number | undefined;
    }
  | {
      ok: false;
      status: 0;
      /** `certificate`: stopped at the server's certificate, which no retry changes. */
      code: 'connection' | 'certificate';
      message: string;
      retryAfterSeconds: undefined;
    };

const TUS_HEADERS = { 'Tus-Resumable': '1.0.0' } as const;

/** The storage answers in the upload-link error shape: the SDK's APIError reads it as for any API call. */
function failureOf(response: HttpReply): TusAnswer {
  const text = response.body.toString('utf8');
  let body: unknown = text === '' ? undefined : text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not the storage's JSON (a proxy's page): the APIError says it in words, never shows it.
  }
  const error = new APIError(response.status, body, response.headers, text || response.statusText);
  const wait = error.retryAfterSeconds;
  return {
    ok: false,
    status: response.status,
    code: error.code,
    message: error.message,
    retryAfterSeconds: wait !== undefined && wait > 0 ? wait : undefined,
  };
}

function connectionFailure(error: unknown, url: string): TusAnswer {
  const code = (error as { code?: unknown }).code;
  const certificate = typeof code === 'string' ? certificateProblem(code, new URL(url).origin) : undefined;
  return {
    ok: false,
    status: 0,
    code: certificate === undefined ? 'connection' : 'certificate',
    message: certificate ?? (error as Error).message,
    retryAfterSeconds: undefined,
  };
}

function offsetOf(response: HttpReply): number | undefined {
  const raw = response.headers.get('upload-offset');
  if (raw === null || !/^\d+$/.test(raw)) return undefined;
  return Number(raw);
}

export async function headOffset(url: string, token: string, signal?: AbortSignal): Promise<TusAnswer> {
  try {
    const response = await httpRequest(
      url,
      'HEAD',
      { ...TUS_HEADERS, 'x-signature': token },
      undefined,
      signal,
    );
    const ok = response.status >= 200 && response.status < 300;
    const offset = offsetOf(response);
    if (ok && offset !== undefined) return { ok: true, offset };
    if (ok)
      return {
        ok: false,
        status: 502,
        code: undefined,
        message: 'No Upload-Offset in the answer.',
        retryAfterSeconds: undefined,
      };
    return failureOf(response);
  } catch (error) {
    return connectionFailure(error, url);
  }
}

/** One piece from `offset`; `bytes` must not change until this resolves (they go to the socket as they are). */
export async function patchChunk(
  url: string,
  token: string,
  offset: number,
  bytes: Uint8Array,
  signal?: AbortSignal,
): Promise<TusAnswer> {
  try {
    const response = await httpRequest(
      url,
      'PATCH',
      {
        ...TUS_HEADERS,
        'x-signature': token,
        'Upload-Offset': String(offset),
        'Content-Type': 'application/offset+octet-stream',
      },
      bytes,
      signal,
    );
    if (response.status >= 200 && response.status < 300) {
      return { ok: true, offset: offsetOf(response) ?? offset + bytes.length };
    }
    return failureOf(response);
  } catch (error) {
    return connectionFailure(error, url);
  }
}
