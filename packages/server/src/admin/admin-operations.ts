import {
  AccountCreateSchema,
  AdminAccountDeletedSchema,
  AdminAccountDetailSchema,
  AdminAccountSchema,
  AdminClockMovedSchema,
  AdminClockSchema,
  AdminFaultListSchema,
  AdminFaultRemovedSchema,
  AdminFaultSchema,
  AdminKeyCreatedSchema,
  AdminKeyRevokedSchema,
  AdminLibraryItemSchema,
  AdminNetworkRemovedSchema,
  AdminNetworkSchema,
  AdminOutboxSchema,
  AdminRequestLogSchema,
  AdminTestClockDeletedSchema,
  AdminTestClockDetailSchema,
  AdminTestClockMovedSchema,
  AdminTestClockSchema,
  ClockCreateSchema,
  ClockMoveSchema,
  DeliveriesClearedSchema,
  DeliveriesQuerySchema,
  DeliveryPageSchema,
  DeliverySchema,
  defineOperation,
  type ErrorCode,
  FaultCreateSchema,
  type HttpMethod,
  KeyCreateSchema,
  MediaCreateSchema,
  NetworkPutSchema,
  type OperationDefinition,
  type OperationRequest,
  type OperationResponse,
  ProfileCreateSchema,
  ProfileSchema,
  RequestsQuerySchema,
  StandardErrorBodySchema,
} from '@socialpub/core';
import * as z from 'zod';

/** Where the admin API lives (reference-server.md, Addresses). */
const ADMIN_BASE_PATH = '/admin/v1';

const AccountParams = z.object({ account_id: z.string().meta({ format: 'uuid' }) });
const ClockParams = z.object({ clock_id: z.string().meta({ format: 'uuid' }) });
const ProfileNetworkParams = z.object({
  profile_id: z.string().meta({ format: 'uuid' }),
  platform: z.string().meta({ description: 'One of the nine networks.' }),
});

/** Every admin route can refuse the token, a bad body or id, and fail unexpectedly. */
const ADMIN_ERRORS: Readonly<Record<number, readonly ErrorCode[]>> = {
  400: ['bad_request'],
  401: ['unauthorized'],
  404: ['not_found'],
  500: ['server_error'],
};

const ADMIN_RETRY = [
  { situation: '400 bad_request', action: 'Fix the field named in error.parameter and send again.' },
  { situation: '401 unauthorized', action: 'Send the admin token as Authorization: Bearer <ADMIN_TOKEN>.' },
  { situation: '5xx', action: 'Read the state back before sending a change again.' },
];

/** One row of the admin table: everything else (errors, security, tags) is the same for all. */
interface AdminRow {
  operationId: string;
  method: HttpMethod;
  /** Below `/admin/v1`, OpenAPI style. */
  path: string;
  summary: string;
  description?: string;
  request?: OperationRequest;
  status: number;
  answer: z.ZodType | undefined;
  answerDescription: string;
  errors?: Readonly<Record<number, readonly ErrorCode[]>>;
  tag: string;
}

function adminOperation(row: AdminRow): OperationDefinition {
  const responses: Record<number, OperationResponse> = {
    [row.status]: { description: row.answerDescription, ...(row.answer ? { schema: row.answer } : {}) },
  };
  return defineOperation(
    {
      operationId: row.operationId,
      method: row.method,
      path: `${ADMIN_BASE_PATH}${row.path}`,
      summary: row.summary,
      description: row.description ?? row.summary,
      tags: [row.tag],
      security: 'admin',
      errorFamily: 'standard',
      // Every admin body may be left out: an empty object is read instead (admin-body.ts).
      request: row.request?.body === undefined ? (row.request ?? {}) : { ...row.request, bodyOptional: true },
      responses,
      errorsByStatus: { ...ADMIN_ERRORS, ...row.errors },
      retry: ADMIN_RETRY,
    },
    StandardErrorBodySchema,
  );
}

/**
 * The admin API, one entry per route: adding a route is adding one row here (with its body and
 * answer schemas); `admin-operations.test.ts` fails while a route and the table disagree.
 */
const ROWS: readonly AdminRow[] = [
  {
    operationId: 'adminCreateAccount',
    method: 'POST',
    path: '/accounts',
    summary: 'Create an account',
    request: { body: AccountCreateSchema },
    status: 201,
    answer: AdminAccountSchema,
    answerDescription: 'The account.',
    errors: { 409: ['conflict'] },
    tag: 'accounts',
  },
  {
    operationId: 'adminUpdateAccount',
    method: 'PATCH',
    path: '/accounts/{account_id}',
    summary: 'Change an account (plan, add-on, e-mail, switches)',
    request: { params: AccountParams, body: AccountCreateSchema },
    status: 200,
    answer: AdminAccountSchema,
    answerDescription: 'The account.',
    errors: { 409: ['conflict'] },
    tag: 'accounts',
  },
  {
    operationId: 'adminGetAccount',
    method: 'GET',
    path: '/accounts/{account_id}',
    summary: 'Read an account with its profiles, keys and usage',
    request: { params: AccountParams },
    status: 200,
    answer: AdminAccountDetailSchema,
    answerDescription: 'The account.',
    tag: 'accounts',
  },
  {
    operationId: 'adminCreateKey',
    method: 'POST',
    path: '/accounts/{account_id}/keys',
    summary: 'Create an API key (shown once)',
    request: { params: AccountParams, body: KeyCreateSchema },
    status: 201,
    answer: AdminKeyCreatedSchema,
    answerDescription: 'The key; `api_key` is never shown again.',
    tag: 'accounts',
  },
  {
    operationId: 'adminRevokeKey',
    method: 'DELETE',
    path: '/keys/{key_id}',
    summary: 'Revoke an API key',
    description: 'The key answers 401 from now on; posts it scheduled stay scheduled.',
    request: { params: z.object({ key_id: z.string() }) },
    status: 200,
    answer: AdminKeyRevokedSchema,
    answerDescription: 'Revoked.',
    tag: 'accounts',
  },
  {
    operationId: 'adminCreateProfile',
    method: 'POST',
    path: '/accounts/{account_id}/profiles',
    summary: 'Add a profile to an account',
    request: { params: AccountParams, body: ProfileCreateSchema },
    status: 201,
    answer: ProfileSchema,
    answerDescription: 'The profile record as GET /api/v2/accounts shows it.',
    tag: 'accounts',
  },
  {
    operationId: 'adminListOutbox',
    method: 'GET',
    path: '/accounts/{account_id}/outbox',
    summary: 'The e-mails the service would have sent, newest first',
    request: { params: AccountParams },
    status: 200,
    answer: AdminOutboxSchema,
    answerDescription: 'The messages.',
    tag: 'accounts',
  },
  {
    operationId: 'adminAddMedia',
    method: 'POST',
    path: '/accounts/{account_id}/media',
    summary: 'Add a file to the media library as the dashboard would',
    request: { params: AccountParams, body: MediaCreateSchema },
    status: 201,
    answer: AdminLibraryItemSchema,
    answerDescription: 'The library item, `source: "dashboard"`.',
    errors: { 413: ['media_too_large'], 415: ['unsupported_media_type'] },
    tag: 'media',
  },
  {
    operationId: 'adminConnectNetwork',
    method: 'PUT',
    path: '/profiles/{profile_id}/networks/{platform}',
    summary: 'Connect (or replace) a network of a profile, with its simulate behaviour',
    request: { params: ProfileNetworkParams, body: NetworkPutSchema },
    status: 200,
    answer: AdminNetworkSchema,
    answerDescription: 'The network entry.',
    tag: 'networks',
  },
  {
    operationId: 'adminUpdateNetwork',
    method: 'PATCH',
    path: '/profiles/{profile_id}/networks/{platform}',
    summary: 'Change a connected network (sign-in, options, simulate)',
    request: { params: ProfileNetworkParams, body: NetworkPutSchema },
    status: 200,
    answer: AdminNetworkSchema,
    answerDescription: 'The network entry.',
    tag: 'networks',
  },
  {
    operationId: 'adminDisconnectNetwork',
    method: 'DELETE',
    path: '/profiles/{profile_id}/networks/{platform}',
    summary: 'Disconnect a network',
    request: { params: ProfileNetworkParams },
    status: 200,
    answer: AdminNetworkRemovedSchema,
    answerDescription: 'Disconnected.',
    tag: 'networks',
  },
  {
    operationId: 'adminGetClock',
    method: 'GET',
    path: '/clock',
    summary: "Read the server's clock",
    status: 200,
    answer: AdminClockSchema,
    answerDescription: 'The time and the mode.',
    tag: 'clock',
  },
  {
    operationId: 'adminMoveClock',
    method: 'POST',
    path: '/clock',
    summary: 'Move the virtual clock forward; answers after everything due has run',
    request: { body: ClockMoveSchema },
    status: 200,
    answer: AdminClockMovedSchema,
    answerDescription: 'The time after the due work ran.',
    tag: 'clock',
  },
  {
    operationId: 'adminDeleteAccount',
    method: 'DELETE',
    path: '/accounts/{account_id}',
    summary:
      'Delete an account and everything it owns (keys, profiles, posts, files, links, sessions, grants)',
    description:
      'Crash-safe: the account is marked first, then its files and rows go; a restart finishes an interrupted deletion. Meanwhile its keys answer 401 (403 account_being_deleted on upload links).',
    request: { params: AccountParams },
    status: 200,
    answer: AdminAccountDeletedSchema,
    answerDescription: 'Deleted; its keys now answer 401.',
    tag: 'accounts',
  },
  {
    operationId: 'adminCreateTestClock',
    method: 'POST',
    path: '/clocks',
    summary: 'Create a test clock',
    request: { body: ClockCreateSchema },
    status: 201,
    answer: AdminTestClockSchema,
    answerDescription: 'The test clock.',
    tag: 'clock',
  },
  {
    operationId: 'adminGetTestClock',
    method: 'GET',
    path: '/clocks/{clock_id}',
    summary: 'Read a test clock and the accounts on it',
    request: { params: ClockParams },
    status: 200,
    answer: AdminTestClockDetailSchema,
    answerDescription: 'The test clock with its accounts.',
    tag: 'clock',
  },
  {
    operationId: 'adminMoveTestClock',
    method: 'POST',
    path: '/clocks/{clock_id}',
    summary: "Move a test clock forward; answers after its accounts' due work has run",
    request: { params: ClockParams, body: ClockMoveSchema },
    status: 200,
    answer: AdminTestClockMovedSchema,
    answerDescription: 'The time after the due work ran.',
    tag: 'clock',
  },
  {
    operationId: 'adminDeleteTestClock',
    method: 'DELETE',
    path: '/clocks/{clock_id}',
    summary: 'Delete a test clock and every account on it',
    request: { params: ClockParams },
    status: 200,
    answer: AdminTestClockDeletedSchema,
    answerDescription: 'Deleted, with the ids of the accounts deleted with it.',
    tag: 'clock',
  },
  {
    operationId: 'adminCreateFault',
    method: 'POST',
    path: '/faults',
    summary: 'Make the service misbehave on matching requests',
    request: { body: FaultCreateSchema },
    status: 201,
    answer: AdminFaultSchema,
    answerDescription: 'The armed fault.',
    tag: 'faults',
  },
  {
    operationId: 'adminListFaults',
    method: 'GET',
    path: '/faults',
    summary: 'The armed faults',
    status: 200,
    answer: AdminFaultListSchema,
    answerDescription: 'The faults.',
    tag: 'faults',
  },
  {
    operationId: 'adminDeleteFault',
    method: 'DELETE',
    path: '/faults/{fault_id}',
    summary: 'Disarm a fault',
    request: { params: z.object({ fault_id: z.string() }) },
    status: 200,
    answer: AdminFaultRemovedSchema,
    answerDescription: 'Disarmed.',
    tag: 'faults',
  },
  {
    operationId: 'adminListRequests',
    method: 'GET',
    path: '/requests',
    summary: 'The last requests (at most 1,000 kept); never bodies or secrets',
    request: { query: RequestsQuerySchema },
    status: 200,
    answer: AdminRequestLogSchema,
    answerDescription: 'Newest first.',
    tag: 'requests',
  },
  {
    operationId: 'adminListDeliveries',
    method: 'GET',
    path: '/accounts/{account_id}/deliveries',
    summary: 'What the simulated networks accepted from the account, newest first (the network inbox)',
    description:
      'One delivery per post a network accepted (published, processing or later confirmed), from the API, ' +
      'the connector, the scheduler or the dashboard; refused and failed sends are not deliveries. The ' +
      'text, files and options are as the network received them. Paginated like the API lists.',
    request: { params: AccountParams, query: DeliveriesQuerySchema },
    status: 200,
    answer: DeliveryPageSchema,
    answerDescription: 'One page, newest first; `next_url` is null on the last page.',
    tag: 'deliveries',
  },
  {
    operationId: 'adminGetDelivery',
    method: 'GET',
    path: '/deliveries/{delivery_id}',
    summary: 'One delivery',
    request: { params: z.object({ delivery_id: z.string() }) },
    status: 200,
    answer: DeliverySchema,
    answerDescription: 'The delivery.',
    tag: 'deliveries',
  },
  {
    operationId: 'adminClearDeliveries',
    method: 'DELETE',
    path: '/accounts/{account_id}/deliveries',
    summary: "Clear an account's network inbox (its posts stay)",
    request: { params: AccountParams },
    status: 200,
    answer: DeliveriesClearedSchema,
    answerDescription: 'How many deliveries were removed.',
    tag: 'deliveries',
  },
];

/** The admin document's own address, beside the public `/openapi.yaml`; it needs no token. */
const getAdminOpenApi: OperationDefinition = defineOperation(
  {
    operationId: 'getAdminOpenApi',
    method: 'GET',
    path: '/admin/openapi.yaml',
    summary: 'This OpenAPI 3.1 document of the admin API',
    description:
      'Served without the admin token, like the public document: it describes routes, not data, and ' +
      'tools (linters, mock servers, client generators) fetch it without a secret.',
    tags: ['service'],
    security: 'none',
    errorFamily: 'standard',
    request: {},
    responses: { 200: { description: 'The document.', schema: z.string(), contentType: 'application/yaml' } },
    errorsByStatus: { 500: ['server_error'] },
    retry: [{ situation: 'Timeout or lost connection', action: 'Ask again; it changes nothing.' }],
  },
  StandardErrorBodySchema,
);

/** Every admin operation, in the order the admin document lists them. */
export const ADMIN_OPERATIONS: readonly OperationDefinition[] = [
  ...ROWS.map(adminOperation),
  getAdminOpenApi,
];
