import type { UploaderRunner, UploaderShell } from '../types.js';

/** A Node.js readable (kept structural so the browser build needs no Node types). */
export interface NodeReadableLike {
  pipe: unknown;
  [Symbol.asyncIterator](): AsyncIterator<unknown>;
}

/** A file path (Node.js), a Blob or File, or a stream (with `fileName`; Node.js only). */
export type UploadSource = string | Blob | ReadableStream<Uint8Array> | NodeReadableLike;

export interface UploadProgress {
  bytesSent: number;
  bytesTotal: number;
}

export interface UploadMediaOptions {
  /** Name whose extension decides the type; default the path's or File's name. Required for streams. */
  fileName?: string;
  /** Known size of a stream; checked against the bytes read. */
  size?: number;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** Ask for the uploader block too (not needed by this helper). */
  shell?: UploaderShell;
  runner?: UploaderRunner;
  /**
   * Pauses (ms) tus-js-client takes before resending after a transient break; the offset is read
   * again with HEAD each time. Default [0, 1000, 3000, 5000, 10000, 20000].
   */
  retryDelays?: number[];
  /** Most fresh tokens asked for in a row without progress before giving up (a link allows 12). */
  maxTokenRenewals?: number;
}
