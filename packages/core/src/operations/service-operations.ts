import * as z from 'zod';
import { StandardErrorBodySchema } from '../schemas/error-body.js';
import { defineOperation, type OperationDefinition } from './operation-definition.js';
import { ApiIndexSchema, HealthResponseSchema } from './request-parts.js';

const READ_AGAIN = [{ situation: 'Timeout or lost connection', action: 'Ask again; it changes nothing.' }];

export const getHealth: OperationDefinition = defineOperation(
  {
    operationId: 'getHealth',
    method: 'GET',
    path: '/health',
    summary: 'Health check',
    description: 'The health check of the service and its AI-app connector.',
    tags: ['service'],
    security: 'none',
    errorFamily: 'standard',
    request: {},
    responses: { 200: { description: 'The service is up.', schema: HealthResponseSchema } },
    errorsByStatus: { 500: ['server_error'] },
    retry: READ_AGAIN,
  },
  StandardErrorBodySchema,
);

export const getOpenApi: OperationDefinition = defineOperation(
  {
    operationId: 'getOpenApi',
    method: 'GET',
    path: '/openapi.yaml',
    summary: 'This OpenAPI 3.1 document',
    description:
      'Covers both addresses, every answer and every error code, with a retry table per operation.',
    tags: ['service'],
    security: 'none',
    errorFamily: 'standard',
    request: {},
    responses: { 200: { description: 'The document.', schema: z.string(), contentType: 'application/yaml' } },
    errorsByStatus: { 500: ['server_error'] },
    retry: READ_AGAIN,
  },
  StandardErrorBodySchema,
);

export const getApiIndex: OperationDefinition = defineOperation(
  {
    operationId: 'getApiIndex',
    method: 'GET',
    path: '/api/v2',
    summary: 'Where to start',
    description:
      'A short index without a key: how to authenticate, the documents that describe the API, and the ' +
      "service's other addresses, each in the name the request used.",
    tags: ['service'],
    security: 'none',
    errorFamily: 'standard',
    request: {},
    responses: { 200: { description: 'The index.', schema: ApiIndexSchema } },
    errorsByStatus: { 500: ['server_error'] },
    retry: READ_AGAIN,
  },
  StandardErrorBodySchema,
);
