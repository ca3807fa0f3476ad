import type * as z from 'zod';
import type { ErrorCode } from '../errors/error-codes.js';
import type { ErrorFamily } from '../errors/error-family.js';

export type HttpMethod = 'GET' | 'POST' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS' | 'PUT';

/** How a caller proves who it is: API key (Bearer), upload token (`x-signature`), admin token, or nothing. */
export type OperationSecurity = 'apiKey' | 'uploadToken' | 'admin' | 'none';

export interface OperationRequest {
  body?: z.ZodType;
  /** A body that is not JSON (the tus PATCH): its media type, sent as is. */
  rawBody?: { contentType: string; description: string };
  /** True when the body may be left out (POST .../token). */
  bodyOptional?: boolean;
  query?: z.ZodType;
  params?: z.ZodType;
  headers?: z.ZodType;
}

export interface OperationResponse {
  description: string;
  /** Absent for answers without a body (204, HEAD). */
  schema?: z.ZodType;
  /** Defaults to application/json. */
  contentType?: string;
  /** Response headers the document names for this answer (name → description). */
  headers?: Readonly<Record<string, string>>;
}

/** One row of the per-operation retry table ("When to send a request again"). */
export interface RetryAdvice {
  situation: string;
  action: string;
}

export interface OperationDefinition {
  operationId: string;
  method: HttpMethod;
  /** OpenAPI style, e.g. `/api/v2/posts/{id}`. */
  path: string;
  /** The older address when it accepts this request (reference-server.md, Addresses). */
  legacyPath?: string;
  /**
   * How the older address's answers differ: its own refusal codes by status (401, 400, 405
   * `api_error`) and its error body, when it differs from the current address's.
   */
  legacy?: {
    errorsByStatus?: Readonly<Record<number, readonly ErrorCode[]>>;
    errorBody?: z.ZodType;
  };
  /**
   * "Errors from a network are passed on with the network's status, code and message": an error
   * answer of this operation may carry any status from 400 to 599 and any code a network gives,
   * beside the ones listed.
   */
  passesNetworkErrors?: boolean;
  summary: string;
  description: string;
  tags: readonly string[];
  security: OperationSecurity;
  /** The shape error answers of this address take ("Errors", Shapes). */
  errorFamily: ErrorFamily;
  request: OperationRequest;
  /** Success answers and error statuses, keyed by HTTP status. */
  responses: Readonly<Record<number, OperationResponse>>;
  /** The document's error table for this endpoint, by status. */
  errorsByStatus: Readonly<Record<number, readonly ErrorCode[]>>;
  /** Every code of `errorsByStatus`, once each. */
  errorCodes: readonly ErrorCode[];
  retry: readonly RetryAdvice[];
}

export type OperationInput = Omit<OperationDefinition, 'errorCodes' | 'responses'> & {
  /** Success answers only; error statuses are added from `errorsByStatus`. */
  responses: Readonly<Record<number, OperationResponse>>;
};

const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflict',
  410: 'Gone',
  412: 'Precondition failed',
  413: 'Too large',
  415: 'Unsupported media type',
  421: 'Misdirected request',
  422: 'Unprocessable',
  423: 'Locked',
  429: 'Too many requests',
  500: 'Server error',
  502: 'Bad gateway',
  503: 'Unavailable',
  504: 'Gateway timeout',
};

/** Refusals any address may answer, before any operation's own rules run. */
const EVERY_ADDRESS_ERRORS: Readonly<Record<number, readonly ErrorCode[]>> = {
  421: ['misdirected_request'],
};

/**
 * Completes an operation: the flat `errorCodes` list and one error response per status whose
 * description names its codes, with the body schema of the address's family.
 */
export function defineOperation(input: OperationInput, errorBody: z.ZodType): OperationDefinition {
  const errorCodes: ErrorCode[] = [];
  const responses: Record<number, OperationResponse> = { ...input.responses };
  // The reference server answers a Host that names another server with 421 on every address, in
  // the address's own error body.
  const errorsByStatus = { ...input.errorsByStatus, ...EVERY_ADDRESS_ERRORS };
  for (const [statusText, codes] of Object.entries(errorsByStatus)) {
    const status = Number(statusText);
    for (const code of codes) if (!errorCodes.includes(code)) errorCodes.push(code);
    if (responses[status] !== undefined) continue;
    const label = STATUS_TEXT[status] ?? 'Error';
    responses[status] = {
      description: `${label}: ${codes.map((c) => `\`${c}\``).join(', ')}.`,
      schema: errorBody,
    };
  }
  return { ...input, errorsByStatus, responses, errorCodes };
}
