import { LIMITS } from '@socialpub/core';
import { SocialPubError } from '../errors.js';
import { idempotencyKeyFor, type RequestOptions, type Transport } from '../transport.js';
import type { MediaImportResponse, MediaStatusResponse } from '../types.js';
import type { UploadMediaOptions, UploadSource } from '../upload/upload-types.js';
import { MediaFiles } from './media-files.js';
import type { Uploads } from './uploads.js';
import { pollUntil, type WaitOptions } from './wait.js';

export interface ImportMediaOptions extends RequestOptions {
  idempotencyKey?: string;
  /** Send to the older media address `/legacy/media` (same idempotency entry). */
  legacy?: boolean;
}

/** The import or upload ended `failed`; `error` holds the reason ("Media", states). */
export class MediaFailedError extends SocialPubError {
  override name = 'MediaFailedError';
  constructor(readonly file: MediaStatusResponse) {
    super(file.error ?? `Media file ${file.file_id} failed.`);
  }
}

// "GET /media?file_id=": poll every 10 to 30 seconds; uploads in verification every 15 seconds.
const PROCESSING_POLL_MS = LIMITS.polling.mediaMinSeconds * 1000;
const VERIFYING_POLL_MS = LIMITS.polling.verifyingSeconds * 1000;
/** A file of several GB can take a couple of hours to import. */
const MEDIA_POLL_TIMEOUT_MS = 2 * 60 * 60_000;

/** POST and GET /media, the library, and the upload helper. */
export class Media {
  readonly files: MediaFiles;

  constructor(
    private readonly transport: Transport,
    private readonly uploads: Uploads,
  ) {
    this.files = new MediaFiles(transport);
  }

  /** 200 `ready`, or 202 `processing` (continues in the background: `waitUntilReady`). */
  async import(url: string, options: ImportMediaOptions = {}): Promise<MediaImportResponse> {
    const { idempotencyKey, legacy, ...requestOptions } = options;
    const response = await this.transport.request<MediaImportResponse>({
      method: 'POST',
      path: legacy ? '/legacy/media' : '/api/v2/media',
      body: { url },
      idempotencyKey: idempotencyKeyFor(idempotencyKey),
      options: requestOptions,
    });
    return response.data;
  }

  /** Status of an import or upload (not throttled). */
  async retrieve(fileId: string, options?: RequestOptions): Promise<MediaStatusResponse> {
    const response = await this.transport.request<MediaStatusResponse>({
      method: 'GET',
      path: '/api/v2/media',
      query: { file_id: fileId },
      options,
    });
    return response.data;
  }

  /** Polls until `ready`; throws `MediaFailedError` on `failed`. */
  async waitUntilReady(
    fileId: string,
    options: WaitOptions & RequestOptions = {},
  ): Promise<MediaStatusResponse> {
    const { timeoutMs, intervalMs, ...requestOptions } = options;
    const file = await pollUntil(this.transport, {
      read: () => this.retrieve(fileId, requestOptions),
      isDone: (state) => state.status === 'ready' || state.status === 'failed',
      intervalMs: (state) =>
        intervalMs ??
        this.transport.config.pollIntervalMs ??
        (state.status === 'verifying' ? VERIFYING_POLL_MS : PROCESSING_POLL_MS),
      timeoutMs: timeoutMs ?? MEDIA_POLL_TIMEOUT_MS,
      signal: options.signal,
      what: `Media file ${fileId}`,
    });
    if (file.status === 'failed') throw new MediaFailedError(file);
    return file;
  }

  /**
   * Sends a file from this machine through an upload link (paid plans) and answers the ready file.
   * The uploader is loaded on first use so the client bundle does not carry tus-js-client.
   */
  async upload(file: UploadSource, options: UploadMediaOptions = {}): Promise<MediaStatusResponse> {
    const { uploadMedia } = await import('../upload/upload-media.js');
    return uploadMedia({ transport: this.transport, uploads: this.uploads, media: this }, file, options);
  }
}
