import type { ErrorCode } from '../errors/error-codes.js';
import { UploadLinkErrorBodySchema } from '../schemas/error-body.js';
import { defineOperation, type OperationDefinition, type RetryAdvice } from './operation-definition.js';
import { FileIdParamsSchema, TusHeadersSchema } from './request-parts.js';

// The TUS 1.0.0 storage endpoint ("POST /media/uploads", Own TUS client; reference-server.md puts
// it at /storage/uploads/{file_id}). The document names no error codes for it; these are the
// upload-link codes the reference server answers there (decision).

const STORAGE_ERRORS: Readonly<Record<number, readonly ErrorCode[]>> = {
  400: ['invalid_request'],
  401: ['unauthorized'],
  404: ['media_not_found'],
  409: ['upload_closed'],
  410: ['upload_expired'],
  413: ['media_too_large'],
  503: ['uploads_busy'],
};

const STORAGE_RETRY: readonly RetryAdvice[] = [
  { situation: 'A failed PATCH', action: 'HEAD again for Upload-Offset and continue from there.' },
  {
    situation: '401 unauthorized',
    action: 'The token expired or is wrong: get a fresh one (POST .../token).',
  },
  { situation: '409 offset mismatch', action: 'HEAD again and continue from the stored offset.' },
  { situation: '503 uploads_busy', action: 'Wait Retry-After and HEAD again.' },
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
    description: 'Answers Tus-Version, Tus-Extension and Tus-Max-Size.',
    request: { params: FileIdParamsSchema },
    responses: { 204: { description: 'The server capabilities in headers.' } },
    errorsByStatus: { 404: ['media_not_found'] },
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
    errorsByStatus: STORAGE_ERRORS,
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
    request: { params: FileIdParamsSchema, headers: TusHeadersSchema },
    responses: { 204: { description: 'Stored.', headers: { 'Upload-Offset': 'The new offset.' } } },
    errorsByStatus: {
      ...STORAGE_ERRORS,
      409: ['upload_closed', 'invalid_request'],
      415: ['unsupported_media_type'],
    },
  },
  UploadLinkErrorBodySchema,
);
