import { MediaImportErrorBodySchema, StandardErrorBodySchema } from '../schemas/error-body.js';
import {
  LibraryListQuerySchema,
  LibraryPageSchema,
  MediaImportProcessingResponseSchema,
  MediaImportReadyResponseSchema,
  MediaImportRequestSchema,
  MediaStatusQuerySchema,
  MediaStatusResponseSchema,
} from '../schemas/media.js';
import { defineOperation, type OperationDefinition } from './operation-definition.js';
import { IdempotencyHeadersSchema } from './request-parts.js';
import {
  RETRY_AFTER_500,
  RETRY_AUTOMATIC,
  RETRY_IDEMPOTENCY,
  RETRY_LOST_CONNECTION_IDEMPOTENT,
  RETRY_OTHER_4XX,
  RETRY_READS,
} from './retry-advice.js';

export const importMedia: OperationDefinition = defineOperation(
  {
    operationId: 'importMedia',
    method: 'POST',
    path: '/api/v2/media',
    legacyPath: '/legacy/media',
    summary: 'Import a media file from a public URL',
    description:
      'Waits up to about 22 seconds; a larger file continues in the background (202). The public URL and ' +
      'file name are not returned.',
    tags: ['media'],
    security: 'apiKey',
    errorFamily: 'media_import',
    request: { body: MediaImportRequestSchema, headers: IdempotencyHeadersSchema },
    responses: {
      200: { description: 'Imported.', schema: MediaImportReadyResponseSchema },
      202: {
        description: 'The import continues in the background.',
        schema: MediaImportProcessingResponseSchema,
      },
    },
    errorsByStatus: {
      400: [
        'invalid_json',
        'invalid_url',
        'download_failed',
        'idempotency_key_invalid',
        'link_not_public',
        'link_is_folder',
        'link_not_found',
        'link_temporarily_blocked',
        'link_not_a_file',
        'link_not_supported',
        'share_links_paused',
      ],
      401: ['unauthorized'],
      403: ['plan_limit_reached'],
      405: ['method_not_allowed'],
      409: ['idempotency_in_progress', 'idempotency_outcome_unknown'],
      413: ['file_too_large'],
      415: ['unsupported_type'],
      422: ['idempotency_key_reused'],
      429: ['rate_limited', 'import_budget_exhausted'],
      500: ['import_failed', 'server_error'],
      503: ['idempotency_unavailable', 'uploads_busy'],
    },
    retry: [
      RETRY_LOST_CONNECTION_IDEMPOTENT,
      {
        situation: '429 rate_limited',
        action: 'Wait Retry-After (retry_after_seconds beside error) and send again.',
      },
      {
        situation: '429 import_budget_exhausted',
        action: 'Not before resets_at (connected-AI-app keys only).',
      },
      { situation: '503 uploads_busy', action: 'Wait Retry-After (60) and send again.' },
      ...RETRY_IDEMPOTENCY,
      {
        situation: '202 processing, then status failed',
        action: 'Start the import again (a source without HTTP Range support may lose a very large file).',
      },
      RETRY_OTHER_4XX,
      RETRY_AFTER_500,
      RETRY_AUTOMATIC,
    ],
  },
  MediaImportErrorBodySchema,
);

export const getMediaStatus: OperationDefinition = defineOperation(
  {
    operationId: 'getMediaStatus',
    method: 'GET',
    path: '/api/v2/media',
    summary: 'Status of an import or an upload',
    description: 'Poll every 10 to 30 seconds (uploads in verification: every 15). Not throttled.',
    tags: ['media'],
    security: 'apiKey',
    errorFamily: 'media_import',
    request: { query: MediaStatusQuerySchema },
    responses: { 200: { description: 'The file.', schema: MediaStatusResponseSchema } },
    errorsByStatus: {
      400: ['invalid_file_id'],
      401: ['unauthorized'],
      404: ['media_not_found'],
      405: ['method_not_allowed'],
      // "A ready file that is older than 7 days ... leaves the library; later calls answer 410 upload_expired".
      410: ['upload_expired'],
      500: ['server_error'],
    },
    retry: [
      { situation: 'Timeout or lost connection', action: 'Ask again; a status request changes nothing.' },
      { situation: 'status processing, uploading or verifying', action: 'Poll again in 10 to 30 seconds.' },
      RETRY_OTHER_4XX,
      RETRY_AUTOMATIC,
    ],
  },
  MediaImportErrorBodySchema,
);

export const listMediaFiles: OperationDefinition = defineOperation(
  {
    operationId: 'listMediaFiles',
    method: 'GET',
    path: '/api/v2/media/files',
    summary: 'The media library',
    description:
      'Newest first by `uploaded_at`. A page may be shorter than `limit` yet have `next_url`: follow until null.',
    tags: ['media'],
    security: 'apiKey',
    errorFamily: 'standard',
    request: { query: LibraryListQuerySchema },
    responses: { 200: { description: 'A page of library items.', schema: LibraryPageSchema } },
    errorsByStatus: {
      400: ['bad_request'],
      401: ['unauthorized'],
      405: ['method_not_allowed'],
      429: ['rate_limited'],
      500: ['server_error'],
    },
    retry: RETRY_READS,
  },
  StandardErrorBodySchema,
);
