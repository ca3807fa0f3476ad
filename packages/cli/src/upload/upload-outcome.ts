import { exitCodeForState, type UploaderState, uploaderExit } from '@socialpub/core';
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

/** Ends the run with a state of the uploader's table. */
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
  const action = uploaderExit(exitCodeForState(stop.state))?.action;
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
    message: stop.state === 'done' || action === undefined ? stop.message : `${stop.message} (${action})`,
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

/** An API refusal of the link, token or complete call as an uploader state. */
export function stopForApiError(error: unknown): UploadStop {
  if (!(error instanceof APIError)) {
    return new UploadStop('failed', error instanceof Error ? error.message : String(error));
  }
  const detail = { code: error.code ?? `http_${error.status}`, message: error.message };
  if (error.code !== undefined && TOKEN_CODES.has(error.code))
    return new UploadStop('token_rejected', error.message, detail);
  if (error.code !== undefined && REFUSED_CODES.has(error.code))
    return new UploadStop('refused', error.message, detail);
  return new UploadStop('failed', error.message, detail);
}
