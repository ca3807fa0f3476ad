import * as z from 'zod';
import {
  LegacyPostErrorBodySchema,
  PostErrorBodySchema,
  StandardErrorBodySchema,
} from '../schemas/error-body.js';
import { PostListQuerySchema } from '../schemas/post-list.js';
import { PostListPageSchema, PostReadResponseSchema } from '../schemas/post-read-answers.js';
import { PostRequestBodySchema } from '../schemas/post-request.js';
import {
  CancelResponseSchema,
  DryRunResponseSchema,
  PublishAcceptedResponseSchema,
  PublishedResponseSchema,
} from '../schemas/post-response.js';
import { defineOperation, type OperationDefinition } from './operation-definition.js';
import { IdempotencyHeadersSchema, IdParamsSchema } from './request-parts.js';
import {
  RETRY_AFTER_500,
  RETRY_AUTOMATIC,
  RETRY_IDEMPOTENCY,
  RETRY_LOST_CONNECTION_IDEMPOTENT,
  RETRY_MEDIA_PROCESSING,
  RETRY_OTHER_4XX,
  RETRY_POST_LIMITS,
  RETRY_POST_UNAVAILABLE,
  RETRY_READS,
} from './retry-advice.js';

const READ_ERRORS = {
  400: ['bad_request'],
  401: ['unauthorized'],
  405: ['method_not_allowed'],
  429: ['rate_limited'],
  500: ['server_error'],
} as const;

const NO_STORE = { 'Cache-Control': 'private, no-store' };

export const createPost: OperationDefinition = defineOperation(
  {
    operationId: 'createPost',
    method: 'POST',
    path: '/api/v2/posts',
    legacyPath: '/legacy/posts',
    // "Older addresses": its own refusals use api_error (401 key, 400 JSON and fields, 405).
    legacy: {
      errorsByStatus: { 400: ['api_error'], 401: ['api_error'], 405: ['api_error'] },
      errorBody: LegacyPostErrorBodySchema,
    },
    passesNetworkErrors: true,
    summary: 'Publish, queue or schedule a post (or validate it)',
    description:
      'One request goes to one network from one profile. `post.scheduledFor` more than 60 seconds ahead ' +
      'schedules it; `dryRun: true` or `validate` runs every check and sends nothing.',
    tags: ['posts'],
    security: 'apiKey',
    errorFamily: 'standard',
    request: { body: PostRequestBodySchema, headers: IdempotencyHeadersSchema },
    responses: {
      200: {
        description: 'Published (the network accepted), or a dry run report.',
        schema: z.union([PublishedResponseSchema, DryRunResponseSchema]),
      },
      202: {
        description:
          'Scheduled, queued for the next day, still publishing, processing, or schedule unconfirmed.',
        schema: PublishAcceptedResponseSchema,
      },
    },
    errorsByStatus: {
      400: [
        'bad_request',
        'api_error',
        'scheduled_for_invalid',
        'media_not_available',
        'video_size_unknown',
        'profile_name_ambiguous',
        'youtube_tags_too_long',
        'no_publish_id',
        'idempotency_key_invalid',
        'pinterest_board_required',
        'media_wrong_for_post_type',
        'options_outside_post',
        'no_container',
        'pinterest_rejected',
        'x_rejected',
        'skool_rejected',
        'category_required',
        'pinterest_sandbox_board',
        'picture_size_check_failed',
        'photo_pull_failed',
      ],
      401: [
        'unauthorized',
        'reconnect_required',
        'RECONNECT_REQUIRED',
        'REFRESH_TOKEN_EXPIRED',
        'NO_TOKEN',
        'x_rejected',
        'pinterest_auth_failed',
        'TOKEN_REFRESH_FAILED',
      ],
      403: ['plan_required', 'account_not_found', 'x_rejected', 'pinterest_rejected', 'forbidden'],
      404: ['media_not_found', 'not_found', 'pinterest_rejected', 'x_rejected', 'api_error'],
      405: ['method_not_allowed'],
      409: [
        'media_processing',
        'scheduled_queue_full',
        'idempotency_in_progress',
        'idempotency_outcome_unknown',
      ],
      413: ['MEDIA_TOO_LARGE'],
      422: [
        'media_failed',
        'photo_format_not_supported',
        'photo_too_large_to_convert',
        'photo_conversion_failed',
        'photo_too_large_to_resize',
        'idempotency_key_reused',
      ],
      429: [
        'rate_limited',
        'daily_attempts_exceeded',
        'monthly_limit_reached',
        'x_limit_reached',
        'x_link_limit_reached',
        'daily_limit_reached',
        'pinterest_rejected',
        'x_rejected',
      ],
      500: ['server_error', 'platform_error', 'api_error'],
      502: ['upstream_unavailable', 'upload_worker_failed'],
      503: [
        'skool_unavailable',
        'x_unavailable',
        'caller_check_unavailable',
        'schedule_check_unavailable',
        'idempotency_unavailable',
        'dry_run_unavailable',
      ],
    },
    retry: [
      RETRY_LOST_CONNECTION_IDEMPOTENT,
      RETRY_MEDIA_PROCESSING,
      ...RETRY_IDEMPOTENCY,
      ...RETRY_POST_LIMITS,
      ...RETRY_POST_UNAVAILABLE,
      RETRY_OTHER_4XX,
      RETRY_AFTER_500,
      RETRY_AUTOMATIC,
    ],
  },
  PostErrorBodySchema,
);

export const listPosts: OperationDefinition = defineOperation(
  {
    operationId: 'listPosts',
    method: 'GET',
    path: '/api/v2/posts',
    summary: 'List posts and scheduled posts',
    description: 'Newest first by `at` (future due times first); follow `next_url` until null.',
    tags: ['posts'],
    security: 'apiKey',
    errorFamily: 'standard',
    request: { query: PostListQuerySchema },
    responses: { 200: { description: 'A page of records.', schema: PostListPageSchema, headers: NO_STORE } },
    errorsByStatus: READ_ERRORS,
    retry: RETRY_READS,
  },
  StandardErrorBodySchema,
);

export const getPost: OperationDefinition = defineOperation(
  {
    operationId: 'getPost',
    method: 'GET',
    path: '/api/v2/posts/{id}',
    summary: 'Read a post or a scheduled post',
    description:
      'A post record with `figures`, or a scheduled post record with `results`. Poll every 30 seconds until `done`.',
    tags: ['posts'],
    security: 'apiKey',
    errorFamily: 'standard',
    request: { params: IdParamsSchema },
    responses: { 200: { description: 'The record.', schema: PostReadResponseSchema, headers: NO_STORE } },
    errorsByStatus: { ...READ_ERRORS, 404: ['post_not_found'] },
    retry: RETRY_READS,
  },
  StandardErrorBodySchema,
);

export const cancelPost: OperationDefinition = defineOperation(
  {
    operationId: 'cancelPost',
    method: 'DELETE',
    path: '/api/v2/posts/{id}',
    legacyPath: '/legacy/posts/{id}',
    // The same answers as the current address, but the key check and other methods are its own.
    legacy: { errorsByStatus: { 401: ['api_error'], 405: ['api_error'] } },
    summary: 'Cancel a scheduled post',
    description: 'Cancels a post that has not gone out, whoever scheduled it. Cancelling twice is safe.',
    tags: ['posts'],
    security: 'apiKey',
    errorFamily: 'standard',
    request: { params: IdParamsSchema },
    responses: { 200: { description: 'Cancelled (or already cancelled).', schema: CancelResponseSchema } },
    errorsByStatus: {
      400: ['bad_request'],
      401: ['unauthorized'],
      404: ['post_not_found'],
      405: ['method_not_allowed'],
      409: ['not_cancellable'],
      500: ['server_error'],
      504: ['cancel_unconfirmed'],
    },
    retry: [
      { situation: 'Timeout or lost connection', action: 'Send again: cancelling twice is safe.' },
      { situation: '504 cancel_unconfirmed', action: 'Wait Retry-After (5 seconds) and send again.' },
      {
        situation: '409 not_cancellable',
        action: 'It has gone out or is going out (error.status); read it instead.',
      },
      RETRY_OTHER_4XX,
      RETRY_AFTER_500,
      RETRY_AUTOMATIC,
    ],
  },
  StandardErrorBodySchema,
);
