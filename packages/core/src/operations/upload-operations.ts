import type { ErrorCode } from '../errors/error-codes.js';
import { UploadLinkErrorBodySchema } from '../schemas/error-body.js';
import {
  CancelUploadResponseSchema,
  CompleteReadyResponseSchema,
  CompleteVerifyingResponseSchema,
  TokenRequestSchema,
  TokenResponseSchema,
  UploadLinkRequestSchema,
  UploadLinkSchema,
} from '../schemas/upload-link.js';
import { defineOperation, type OperationDefinition } from './operation-definition.js';
import { FileIdParamsSchema } from './request-parts.js';
import { RETRY_UPLOAD_LINKS } from './retry-advice.js';

/** Codes every upload-link call may answer ("Errors", Upload links). */
const COMMON: Readonly<Record<number, readonly ErrorCode[]>> = {
  400: ['invalid_request'],
  401: ['unauthorized'],
  403: ['plan_limit_reached', 'account_being_deleted'],
  405: ['method_not_allowed'],
  429: ['rate_limited'],
  500: ['server_error'],
  503: ['upload_links_paused', 'uploads_busy'],
};

const NEEDS_LINK: Readonly<Record<number, readonly ErrorCode[]>> = {
  ...COMMON,
  404: ['media_not_found'],
  410: ['upload_expired'],
};

const base = {
  tags: ['uploads'],
  security: 'apiKey',
  errorFamily: 'upload_link',
} as const;

export const createUploadLink: OperationDefinition = defineOperation(
  {
    ...base,
    operationId: 'createUploadLink',
    method: 'POST',
    path: '/api/v2/media/uploads',
    summary: 'Create an upload link (paid plans)',
    description:
      "Reserves the file in the day's budget and answers a TUS address and token. The same file asked again " +
      'from the same key while its link is open answers 200 with `renewed: true` and a fresh token.',
    request: { body: UploadLinkRequestSchema },
    responses: {
      200: { description: 'The open link of the same file, with a fresh token.', schema: UploadLinkSchema },
      201: { description: 'A new upload link.', schema: UploadLinkSchema },
    },
    errorsByStatus: {
      ...COMMON,
      409: ['upload_already_received'],
      413: ['media_too_large'],
      415: ['unsupported_media_type'],
      429: ['rate_limited', 'import_budget_exhausted', 'too_many_open_uploads'],
    },
    retry: RETRY_UPLOAD_LINKS,
  },
  UploadLinkErrorBodySchema,
);

export const renewUploadToken: OperationDefinition = defineOperation(
  {
    ...base,
    operationId: 'renewUploadToken',
    method: 'POST',
    path: '/api/v2/media/uploads/{file_id}/token',
    summary: 'A fresh upload token',
    description:
      'Only the key that made the link; at most 12 times, within 24 hours of the link. Same address.',
    request: { params: FileIdParamsSchema, body: TokenRequestSchema, bodyOptional: true },
    responses: { 200: { description: 'The link with a fresh token.', schema: TokenResponseSchema } },
    errorsByStatus: {
      ...NEEDS_LINK,
      409: ['upload_already_received', 'upload_closed'],
      429: ['rate_limited', 'renewals_exhausted'],
    },
    retry: [
      { situation: '429 renewals_exhausted', action: 'Cancel the upload and make a new link.' },
      ...RETRY_UPLOAD_LINKS,
    ],
  },
  UploadLinkErrorBodySchema,
);

export const completeUpload: OperationDefinition = defineOperation(
  {
    ...base,
    operationId: 'completeUpload',
    method: 'POST',
    path: '/api/v2/media/uploads/{file_id}/complete',
    summary: 'Finish an upload',
    description: 'Checks exact size, type, first bytes and SHA-256. Calling it again is harmless.',
    request: { params: FileIdParamsSchema },
    responses: {
      200: { description: 'Ready to post.', schema: CompleteReadyResponseSchema },
      202: {
        description: 'The check is still running; call complete again after Retry-After.',
        schema: CompleteVerifyingResponseSchema,
        headers: { 'Retry-After': '15' },
      },
    },
    errorsByStatus: {
      ...NEEDS_LINK,
      409: ['upload_closed', 'upload_incomplete'],
      422: ['upload_rejected', 'upload_failed'],
    },
    retry: [
      {
        situation: '202 verifying',
        action: 'Call complete again after Retry-After (15 seconds); never upload again.',
      },
      {
        situation: '409 upload_incomplete',
        action:
          'Run the uploader again, then complete; twice right after exit 0: cancel and make a new link.',
      },
      {
        situation: '422 upload_rejected, upload_failed',
        action: 'The file was deleted: measure again and make a new link.',
      },
      ...RETRY_UPLOAD_LINKS,
    ],
  },
  UploadLinkErrorBodySchema,
);

export const cancelUpload: OperationDefinition = defineOperation(
  {
    ...base,
    operationId: 'cancelUpload',
    method: 'DELETE',
    path: '/api/v2/media/uploads/{file_id}',
    summary: 'Cancel an upload that is not ready',
    description: "Data is deleted within minutes; bytes that arrived still count in the day's budget.",
    request: { params: FileIdParamsSchema },
    responses: { 200: { description: 'Cancelled.', schema: CancelUploadResponseSchema } },
    errorsByStatus: {
      ...NEEDS_LINK,
      409: ['upload_closed', 'upload_being_checked'],
    },
    retry: [
      { situation: '409 upload_being_checked', action: 'Wait Retry-After (60) and send again.' },
      { situation: '409 upload_closed', action: 'A ready file is deleted in the media library.' },
      ...RETRY_UPLOAD_LINKS,
    ],
  },
  UploadLinkErrorBodySchema,
);
