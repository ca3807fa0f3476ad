import { StandardErrorBodySchema } from '../schemas/error-body.js';
import { OptionsQuerySchema, OptionsResponseSchema } from '../schemas/options.js';
import { AccountsListResponseSchema } from '../schemas/profile.js';
import { defineOperation, type OperationDefinition } from './operation-definition.js';
import { AccountIdParamsSchema } from './request-parts.js';
import { RETRY_READS } from './retry-advice.js';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

export const listAccounts: OperationDefinition = defineOperation(
  {
    operationId: 'listAccounts',
    method: 'GET',
    path: '/api/v2/accounts',
    summary: 'List profiles and their connected networks',
    description: 'Up to 100 profiles, oldest first. `profile_id` is usable as `post.accountId`.',
    tags: ['accounts'],
    security: 'apiKey',
    errorFamily: 'standard',
    request: {},
    responses: {
      200: { description: 'The profiles.', schema: AccountsListResponseSchema, headers: NO_STORE },
    },
    errorsByStatus: {
      401: ['unauthorized'],
      405: ['method_not_allowed'],
      429: ['rate_limited'],
      500: ['server_error'],
    },
    retry: RETRY_READS,
  },
  StandardErrorBodySchema,
);

export const getPostingOptions: OperationDefinition = defineOperation(
  {
    operationId: 'getPostingOptions',
    method: 'GET',
    path: '/api/v2/accounts/{id}/options',
    summary: 'What each network of a profile allows',
    description:
      'One row per network; 200 even when a network fails (that is a row). Rows are reused about 1.5 minutes. ' +
      'Also limited to 10 reads per minute on top of the 60.',
    tags: ['accounts'],
    security: 'apiKey',
    errorFamily: 'standard',
    request: { params: AccountIdParamsSchema, query: OptionsQuerySchema },
    responses: { 200: { description: 'The option rows.', schema: OptionsResponseSchema, headers: NO_STORE } },
    errorsByStatus: {
      400: ['bad_request'],
      401: ['unauthorized'],
      404: ['account_not_found'],
      405: ['method_not_allowed'],
      429: ['rate_limited'],
      500: ['server_error'],
    },
    retry: RETRY_READS,
  },
  StandardErrorBodySchema,
);
