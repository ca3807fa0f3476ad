import type { ErrorCode } from '../errors/error-codes.js';
import { UploadLinkErrorBodySchema } from '../schemas/error-body.js';
import { defineOperation, type OperationDefinition, type RetryAdvice } from './operation-definition.js';
import { FileIdParamsSchema, TusHeadersSchema } from './request-parts.js';

// The TUS 1.0.0 storage endpoint ("POST /media/uploads", Own TUS client; reference-server.md puts
// it at /storage/uploads/{file_id}). The document names no error codes for it; these are exactly
// the answers the reference server gives there (decision), in the upload-link shape: the
// upload-link codes plus the TUS ones the catalog marks as decided (409 upload_offset_mismatch,
// 412 tus_version_unsupported, 423 upload_locked). 410 is TUS's Gone: the upload takes no more bytes.

/** Every storage method: no such upload, its account being deleted, or an unexpected failure. */
const STORAGE_ANY: Readonly<Record<number, readonly ErrorCode[]>> = {
  403: ['account_being_deleted'],
  404: ['media_not_found'],
  500: ['server_error'],
};

/** HEAD and PATCH: the token check, the version check, the end of an upload and other methods. */
const STORAGE_TOKEN: Readonly<Record<number, readonly ErrorCode[]>> = {
  ...STORAGE_ANY,
  401: ['unauthorized'],
  403: ['forbidden', 'account_being_deleted'],
  405: ['method_not_allowed'],
  410: ['upload_expired', 'upload_closed'],
  412: ['tus_version_unsupported'],
};

const STORAGE_RETRY: readonly RetryAdvice[] = [
  { situation: 'A failed PATCH', action: 'HEAD again for Upload-Offset and continue from there.' },
  {
    situation: '409 upload_offset_mismatch',
    action: 'HEAD again and continue from the stored offset; safe to do automatically.',
  },
  {
    situation: '401 unauthorized, 403 forbidden',
    action: 'The token expired, is wrong or belongs to another file: get a fresh one (POST .../token).',
  },
  { situation: '403 account_being_deleted', action: 'Stop: the account is being deleted.' },
  { situation: '409 upload_already_received', action: 'The whole file is stored: call complete.' },
  {
    situation: '410 upload_expired, upload_closed',
    action: 'Make a new upload link and send the file again.',
  },
  { situation: '412 tus_version_unsupported', action: 'Send Tus-Resumable: 1.0.0 on every request.' },
  {
    situation: '423 upload_locked',
    action: 'Another uploader is sending this file: wait (not automatically), then HEAD again.',
  },
  { situation: '500 server_error', action: 'HEAD again; what was stored is kept.' },
];

const base = {
  path: '/storage/uploads/{file_id}',
  tags: ['storage'],
  security: 'uploadToken',
  errorFamily: 'upload_link',
  retry: STORAGE_RETRY,
} as const;

export const storageOptions: OperationDefinition = defineOperation(
  {
    ...base,
    operationId: 'storageOptions',
    method: 'OPTIONS',
    security: 'none',
    summary: 'TUS capabilities',
    description:
      'Answers Tus-Version, Tus-Max-Size and Allow; no TUS extension, since a client never creates an upload.',
    request: { params: FileIdParamsSchema },
    responses: { 204: { description: 'The server capabilities in headers.' } },
    errorsByStatus: STORAGE_ANY,
  },
  UploadLinkErrorBodySchema,
);

export const storageHead: OperationDefinition = defineOperation(
  {
    ...base,
    operationId: 'storageHead',
    method: 'HEAD',
    summary: 'Stored offset of an upload',
    description: 'Answers `Upload-Offset` and `Upload-Length`; send pieces from that offset.',
    request: { params: FileIdParamsSchema, headers: TusHeadersSchema },
    responses: {
      200: {
        description: 'The offset in headers.',
        headers: { 'Upload-Offset': 'Bytes stored.', 'Upload-Length': 'The announced size.' },
      },
    },
    errorsByStatus: STORAGE_TOKEN,
  },
  UploadLinkErrorBodySchema,
);

export const storagePatch: OperationDefinition = defineOperation(
  {
    ...base,
    operationId: 'storagePatch',
    method: 'PATCH',
    summary: 'Send a piece of the file',
    description:
      'Pieces of exactly `chunk_size` bytes (the last shorter) with Content-Type application/offset+octet-stream. ' +
      'A client never creates the upload.',
    request: {
      params: FileIdParamsSchema,
      headers: TusHeadersSchema,
      rawBody: {
        contentType: 'application/offset+octet-stream',
        description: 'The bytes of the piece, from Upload-Offset on.',
      },
    },
    responses: { 204: { description: 'Stored.', headers: { 'Upload-Offset': 'The new offset.' } } },
    errorsByStatus: {
      ...STORAGE_TOKEN,
      400: ['invalid_request'],
      409: ['upload_already_received', 'upload_offset_mismatch'],
      413: ['media_too_large'],
      415: ['unsupported_media_type'],
      423: ['upload_locked'],
    },
  },
  UploadLinkErrorBodySchema,
);
