import { certificateProblem, LIMITS } from '@socialpub/core';
import { type DetailedError, type HttpRequest, Upload } from 'tus-js-client';
import { APIError, APIUserAbortError, SocialPubError } from '../errors.js';
import { FetchHttpStack } from './fetch-http-stack.js';
import type { SliceSource } from './file-slices.js';
import type { UploadProgress } from './upload-types.js';

/** The chunk size of upload links ("Upload link", `chunk_size`: 6,291,456 bytes). */
export const UPLOAD_CHUNK_SIZE: number = LIMITS.uploadLink.chunkSizeBytes;
const DEFAULT_RETRY_DELAYS = [0, 1000, 3000, 5000, 10000, 20000];
const DEFAULT_MAX_TOKEN_RENEWALS = 3;

/** The storage host refused the bytes and a fresh token did not help (or another 4xx). */
export class UploadTransferError extends SocialPubError {
  override name = 'UploadTransferError';
  constructor(
    message: string,
    readonly status: number | undefined,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Thrown from `onBeforeRequest` if tus ever tried to create an upload: "A client never creates the upload". */
class CreationRefusedError extends Error {}

export interface TusSenderInit {
  url: string;
  token: string;
  source: SliceSource;
  chunkSize?: number;
  retryDelays?: number[] | undefined;
  maxTokenRenewals?: number | undefined;
  onProgress?: ((progress: UploadProgress) => void) | undefined;
  signal?: AbortSignal | undefined;
  /** When set, bytes go through this fetch (Node.js, or a client given its own fetch). */
  fetch?: typeof fetch | undefined;
  /** Asks the service for a fresh token of the same link (POST .../token). */
  renewToken: () => Promise<string>;
}

function statusOf(error: Error | DetailedError): number | undefined {
  return 'originalResponse' in error ? (error.originalResponse?.getStatus() ?? undefined) : undefined;
}

/** The system code under a failed request (a certificate the connection stopped at, a reset...). */
function systemCodeOf(error: Error | DetailedError): string | undefined {
  let current: unknown = 'causingError' in error ? error.causingError : error;
  for (let depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = current.cause;
  }
  return undefined;
}

/**
 * The failure in words: the storage's own message when it answered JSON, a proxy's status said in a
 * sentence (never its page), or the certificate the connection stopped at.
 */
function messageOf(error: Error | DetailedError, url: string): string {
  const code = systemCodeOf(error);
  const certificate = code === undefined ? undefined : certificateProblem(code, new URL(url).origin);
  if (certificate !== undefined) return certificate;
  const response = 'originalResponse' in error ? error.originalResponse : null;
  if (!response) return error.message;
  const text = response.getBody() ?? '';
  let body: unknown = text === '' ? undefined : text;
  try {
    body = JSON.parse(text);
  } catch {
    // not the storage's JSON: APIError says it came from in front of the service
  }
  return new APIError(response.getStatus(), body).message;
}

function isCertificate(error: Error | DetailedError, url: string): boolean {
  const code = systemCodeOf(error);
  return code !== undefined && certificateProblem(code, new URL(url).origin) !== undefined;
}

function isTokenRejection(status: number | undefined): boolean {
  return status === 401 || status === 403;
}

/**
 * Sends a file to an existing upload address with tus-js-client: HEAD for the stored offset, then
 * PATCH chunks from it (Own TUS client, "POST /media/uploads"). No endpoint is given, so tus cannot
 * create an upload; a rejected token is renewed and the same Upload restarted, which resumes from
 * the server's offset, never from zero.
 */
export class TusSender {
  private readonly upload: Upload;
  private readonly headers: Record<string, string>;
  private renewalsWithoutProgress = 0;
  private lastReported = -1;
  private settle: { resolve: () => void; reject: (error: unknown) => void } | undefined;

  constructor(private readonly init: TusSenderInit) {
    this.headers = { 'x-signature': init.token };
    const source = init.source;
    // tus reads `file` only through the fileReader below; the real reader is `source`.
    const placeholder = { read: async () => ({ done: true as const, value: undefined }) };
    this.upload = new Upload(placeholder, {
      uploadUrl: init.url,
      endpoint: null,
      uploadSize: source.size,
      chunkSize: init.chunkSize ?? UPLOAD_CHUNK_SIZE,
      retryDelays: init.retryDelays ?? DEFAULT_RETRY_DELAYS,
      headers: this.headers,
      ...(init.fetch ? { httpStack: new FetchHttpStack(init.fetch) } : {}),
      storeFingerprintForResuming: false,
      removeFingerprintOnSuccess: false,
      // The source outlives one tus run (resume after upload_incomplete); the caller closes it.
      fileReader: {
        openFile: async () => ({ size: source.size, slice: (s, e) => source.slice(s, e), close() {} }),
      },
      onBeforeRequest: (req: HttpRequest) => {
        if (req.getMethod() === 'POST') throw new CreationRefusedError('tus tried to create an upload');
      },
      onShouldRetry: (error, attempt, options) => {
        if (error.causingError instanceof CreationRefusedError) return false;
        // A certificate refused now is refused on every try.
        if (isCertificate(error, init.url)) return false;
        const status = statusOf(error);
        if (isTokenRejection(status)) return false;
        const retryable =
          status === undefined || status < 400 || status >= 500 || status === 409 || status === 423;
        return retryable && attempt < (options.retryDelays?.length ?? 0);
      },
      onChunkComplete: () => {
        this.renewalsWithoutProgress = 0;
      },
      // tus-js-client reports a chunk's last byte twice (the request body's progress, then the
      // PATCH answer); a caller counting or logging progress must see each count once.
      onProgress: (bytesSent, bytesTotal) => {
        if (bytesSent === this.lastReported) return;
        this.lastReported = bytesSent;
        init.onProgress?.({ bytesSent, bytesTotal });
      },
      onSuccess: () => this.finish(),
      onError: (error) => void this.handleError(error),
    });
  }

  /** Sends what the storage lacks; safe to call again after a finished run (HEAD decides). */
  send(): Promise<void> {
    const { signal } = this.init;
    if (signal?.aborted) return Promise.reject(new APIUserAbortError());
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        void this.upload.abort(false);
        this.finish(new APIUserAbortError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.settle = {
        resolve: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        reject: (error) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
      };
      this.upload.start();
    });
  }

  private finish(error?: unknown): void {
    const settle = this.settle;
    this.settle = undefined;
    if (error === undefined) settle?.resolve();
    else settle?.reject(error);
  }

  private async handleError(error: Error | DetailedError): Promise<void> {
    const status = statusOf(error);
    const limit = this.init.maxTokenRenewals ?? DEFAULT_MAX_TOKEN_RENEWALS;
    if (!isTokenRejection(status) || this.renewalsWithoutProgress >= limit) {
      this.finish(new UploadTransferError(messageOf(error, this.init.url), status, { cause: error }));
      return;
    }
    this.renewalsWithoutProgress++;
    try {
      this.headers['x-signature'] = await this.init.renewToken();
    } catch (renewError) {
      this.finish(renewError);
      return;
    }
    if (this.init.signal?.aborted) return;
    // Same Upload, same address: start() sends HEAD first and continues from the stored offset.
    this.upload.start();
  }
}
