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
  | { ok: false; status: 0; code: 'connection'; message: string; retryAfterSeconds: undefined };

const TUS_HEADERS = { 'Tus-Resumable': '1.0.0' } as const;

async function failureOf(response: Response): Promise<TusAnswer> {
  const text = await response.text().catch(() => '');
  let code: string | undefined;
  let message = text || response.statusText;
  try {
    const body = JSON.parse(text) as { error?: { code?: string; message?: string } | string };
    if (typeof body.error === 'object' && body.error !== null) {
      code = body.error.code;
      message = body.error.message ?? message;
    } else if (typeof body.error === 'string') message = body.error;
  } catch {
    // A plain-text body: its text is the message.
  }
  const retryAfter = Number(response.headers.get('retry-after'));
  return {
    ok: false,
    status: response.status,
    code,
    message,
    retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
  };
}

function connectionFailure(error: unknown): TusAnswer {
  return {
    ok: false,
    status: 0,
    code: 'connection',
    message: (error as Error).message,
    retryAfterSeconds: undefined,
  };
}

function offsetOf(response: Response): number | undefined {
  const raw = response.headers.get('upload-offset');
  if (raw === null || !/^\d+$/.test(raw)) return undefined;
  return Number(raw);
}

export async function headOffset(url: string, token: string, signal?: AbortSignal): Promise<TusAnswer> {
  try {
    const response = await fetch(url, {
      method: 'HEAD',
      headers: { ...TUS_HEADERS, 'x-signature': token },
      ...(signal ? { signal } : {}),
    });
    const offset = offsetOf(response);
    if (response.ok && offset !== undefined) return { ok: true, offset };
    if (response.ok)
      return {
        ok: false,
        status: 502,
        code: undefined,
        message: 'No Upload-Offset in the answer.',
        retryAfterSeconds: undefined,
      };
    return await failureOf(response);
  } catch (error) {
    return connectionFailure(error);
  }
}

export async function patchChunk(
  url: string,
  token: string,
  offset: number,
  bytes: Uint8Array,
  signal?: AbortSignal,
): Promise<TusAnswer> {
  try {
    const response = await fetch(url, {
      method: 'PATCH',
      headers: {
        ...TUS_HEADERS,
        'x-signature': token,
        'Upload-Offset': String(offset),
        'Content-Type': 'application/offset+octet-stream',
      },
      body: bytes as Uint8Array<ArrayBuffer>,
      ...(signal ? { signal } : {}),
    });
    if (response.ok) {
      await response.arrayBuffer().catch(() => undefined);
      return { ok: true, offset: offsetOf(response) ?? offset + bytes.length };
    }
    return await failureOf(response);
  } catch (error) {
    return connectionFailure(error);
  }
}
