import { exitCodeForState, type UploaderState } from '@socialpub/core';
import { APIError } from '@socialpub/sdk';
import type { MeasuredFile } from './measure-file.js';
import type { UploadLine } from './upload-line.js';

/** What a run knows when it ends; every exit goes through `lineFor`. */
export interface RunFacts {
  file: MeasuredFile | undefined;
  fileId: string | undefined;
  bytesSent: number;
  bytesStored: number | undefined;
  status?: string | undefined;
}

/**
 * Ends the run with a state of the uploader's table. The message is one of its own: what happened
 * and what to do about that (never the table's row of every possible cause).
 */
export class UploadStop extends Error {
  constructor(
    readonly state: UploaderState,
    message: string,
    readonly error?: { code: string; message: string },
  ) {
    super(message);
  }
}

export function lineFor(facts: RunFacts, stop: UploadStop): UploadLine {
  return {
    state: stop.state,
    exit_code: exitCodeForState(stop.state),
    file_id: facts.fileId,
    file_name: facts.file?.fileName,
    size: facts.file?.size,
    sha256: facts.file?.sha256,
    bytes_sent: facts.bytesSent,
    bytes_stored: facts.bytesStored,
    status: facts.status,
    message: stop.message,
    error: stop.error,
  };
}

/** Codes that mean the file itself was refused: measure again and make a new link (exit 2). */
const REFUSED_CODES = new Set([
  'upload_rejected',
  'upload_failed',
  'upload_expired',
  'upload_closed',
  'media_too_large',
  'unsupported_media_type',
  'invalid_request',
]);

/** Codes that mean no fresh token can be had for this link (exit 4). */
const TOKEN_CODES = new Set(['renewals_exhausted']);

/** After a connection that never reached a service: most often the server is not running. */
const NOT_REACHED =
  'Nothing was sent. Is the server running? Start the reference server with `npm start`, or give the right address with --base-url or SOCIALPUB_BASE_URL; then run the same command again.';

/** A message and what to do next, each said once. */
function withAdvice(message: string, advice: string | undefined): string {
  if (advice === undefined || advice === '' || message.includes(advice)) return message;
  return `${message.trimEnd().replace(/([^.!?])$/, '$1.')} ${advice}`;
}

/** An SDK failure of the link, token or complete call as an uploader state, in words. */
export function stopForApiError(error: unknown): UploadStop {
  if (!(error instanceof APIError)) {
    const message = error instanceof Error ? error.message : String(error);
    const name = error instanceof Error ? error.name : '';
    // The certificate's own message already says what to do.
    if (name === 'APIConnectionCertificateError') return new UploadStop('failed', message);
    if (name === 'APIConnectionRefusedError')
      return new UploadStop('failed', withAdvice(message, NOT_REACHED));
    if (name === 'APIConnectionError' || name === 'APIConnectionTimeoutError') {
      return new UploadStop(
        'failed',
        withAdvice(message, 'Run the same command again: it continues from what the storage holds.'),
      );
    }
    return new UploadStop('failed', message);
  }
  const detail = { code: error.code ?? `http_${error.status}`, message: error.message };
  if (error.code !== undefined && TOKEN_CODES.has(error.code)) {
    const advice = error.nextStep ?? 'Run the same command again: it makes a new link.';
    return new UploadStop('token_rejected', withAdvice(error.message, advice), detail);
  }
  if (error.code !== undefined && REFUSED_CODES.has(error.code))
    return new UploadStop('refused', withAdvice(error.message, error.nextStep), detail);
  return new UploadStop('failed', withAdvice(error.message, error.nextStep), detail);
}
