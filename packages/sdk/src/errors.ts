import { answerFromInFront, type ErrorCode, type ServiceIds } from '@socialpub/core';
import { parseErrorBody, parseRetryAfterHeader } from './error-body.js';

/** A wire code of the catalog, or any other string a network passes on ("Errors": check `error.code`). */
export type APIErrorCode = ErrorCode | (string & {});

export class SocialPubError extends Error {
  override name = 'SocialPubError';
}

/** Why a file was not sent: it is missing, not a file, empty, or its first bytes are not what its name says. */
export type UploadFileProblem = 'missing' | 'not_a_file' | 'empty' | 'content';

/** `media.upload` refused the file before sending any byte of it; the message names the path. */
export class UploadFileError extends SocialPubError {
  override name = 'UploadFileError';
  constructor(
    message: string,
    readonly problem: UploadFileProblem,
    /** The path given, when the file came as one. */
    readonly path: string | undefined,
  ) {
    super(message);
  }
}

/** The caller's own signal aborted the request or the wait. */
export class APIUserAbortError extends SocialPubError {
  override name = 'APIUserAbortError';
  constructor(message = 'Request was aborted.') {
    super(message);
  }
}

/**
 * An answer the service refused or failed. `code` is what a caller switches on: the same status
 * carries different codes (409 `media_processing` versus `idempotency_in_progress`).
 */
export class APIError extends SocialPubError {
  override name = 'APIError';
  readonly status: number;
  readonly code: APIErrorCode | undefined;
  readonly body: unknown;
  readonly headers: Headers;
  /** Fields beside `code` and `message`: `parameter`, `retry_after_seconds`, `file_id`, `profiles`, ... */
  readonly fields: Record<string, unknown>;
  /** Seconds to wait from the `Retry-After` header, else the body's `retry_after_seconds`. */
  readonly retryAfterSeconds: number | undefined;
  /** Upload-link answers: what to do next, and `never` or `after_reset`. */
  readonly nextStep: string | undefined;
  readonly retry: 'never' | 'after_reset' | undefined;
  readonly requestId: string | undefined;

  constructor(status: number, body: unknown, headers: Headers = new Headers(), fallbackMessage?: string) {
    const parsed = parseErrorBody(body);
    super(
      fromInFront(status, body)
        ? answerFromInFront(status)
        : (parsed.message ?? fallbackMessage ?? `Request failed with status ${status}`),
    );
    this.status = status;
    this.code = parsed.code;
    this.body = body;
    this.headers = headers;
    this.fields = parsed.fields;
    this.nextStep = parsed.nextStep;
    this.retry = parsed.retry;
    this.requestId = headers.get('x-request-id') ?? undefined;
    const fromHeader = parseRetryAfterHeader(headers.get('retry-after'));
    const fromBody = parsed.fields['retry_after_seconds'];
    this.retryAfterSeconds = fromHeader ?? (typeof fromBody === 'number' ? fromBody : undefined);
  }

  /** `error.parameter` of a read's 400 `bad_request`. */
  get parameter(): string | undefined {
    const value = this.fields['parameter'];
    return typeof value === 'string' ? value : undefined;
  }

  /** `error.file_id` (404 `media_not_found`, 409 `media_processing`, 409 `upload_already_received`). */
  get fileId(): string | undefined {
    const value = this.fields['file_id'];
    return typeof value === 'string' ? value : undefined;
  }

  /**
   * Top-level `service` of an answer that made a post record although it failed: a refusal by the
   * network ("The service ids field"). Absent on refusals answered before a post was recorded.
   */
  get service(): ServiceIds | undefined {
    const body = this.body;
    if (typeof body !== 'object' || body === null || !('service' in body)) return undefined;
    const service = (body as { service: unknown }).service;
    return typeof service === 'object' && service !== null ? (service as ServiceIds) : undefined;
  }

  /** `error.profiles` of 403 `account_not_found`. */
  get profiles(): unknown[] | undefined {
    const value = this.fields['profiles'];
    return Array.isArray(value) ? value : undefined;
  }

  static generate(
    status: number,
    body: unknown,
    headers: Headers = new Headers(),
    message?: string,
  ): APIError {
    const ErrorClass = errorClassFor(status);
    return new ErrorClass(status, body, headers, message);
  }
}

/** Statuses a proxy answers itself, often with no body at all (a HEAD, or an empty 502). */
const PROXY_STATUSES = new Set([413, 502, 503, 504]);

/**
 * The service answers every error in JSON; a text body (a proxy's HTML page) or an empty one with a
 * proxy's status came from something in front of it, and is said in words, never shown.
 */
function fromInFront(status: number, body: unknown): boolean {
  if (typeof body === 'string') return body.trim() !== '' || PROXY_STATUSES.has(status);
  return body === undefined && PROXY_STATUSES.has(status);
}

export class BadRequestError extends APIError {
  override name = 'BadRequestError';
}
export class AuthenticationError extends APIError {
  override name = 'AuthenticationError';
}
export class PermissionDeniedError extends APIError {
  override name = 'PermissionDeniedError';
}
export class NotFoundError extends APIError {
  override name = 'NotFoundError';
}
export class MethodNotAllowedError extends APIError {
  override name = 'MethodNotAllowedError';
}
export class ConflictError extends APIError {
  override name = 'ConflictError';
}
export class GoneError extends APIError {
  override name = 'GoneError';
}
export class PayloadTooLargeError extends APIError {
  override name = 'PayloadTooLargeError';
}
export class UnsupportedMediaTypeError extends APIError {
  override name = 'UnsupportedMediaTypeError';
}
export class UnprocessableEntityError extends APIError {
  override name = 'UnprocessableEntityError';
}
export class RateLimitError extends APIError {
  override name = 'RateLimitError';
}
export class InternalServerError extends APIError {
  override name = 'InternalServerError';
}

type APIErrorClass = new (status: number, body: unknown, headers?: Headers, message?: string) => APIError;

const ERROR_CLASS_BY_STATUS: Readonly<Record<number, APIErrorClass>> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  405: MethodNotAllowedError,
  409: ConflictError,
  410: GoneError,
  413: PayloadTooLargeError,
  415: UnsupportedMediaTypeError,
  422: UnprocessableEntityError,
  429: RateLimitError,
};

function errorClassFor(status: number): APIErrorClass {
  if (status >= 500) return InternalServerError;
  return ERROR_CLASS_BY_STATUS[status] ?? APIError;
}

/** No answer arrived: the connection failed or broke. Whether the request took effect is unknown. */
export class APIConnectionError extends SocialPubError {
  override name = 'APIConnectionError';
  /** The address the request went to, so a wrong base URL shows at once. */
  readonly url: string | undefined;
  constructor(message = 'Connection error.', options?: { cause?: unknown; url?: string | undefined }) {
    super(message, options);
    this.url = options?.url;
  }
}

/** No answer within the client timeout (the service answers within about 25 seconds). */
export class APIConnectionTimeoutError extends APIConnectionError {
  override name = 'APIConnectionTimeoutError';
  constructor(message = 'Request timed out.', options?: { cause?: unknown; url?: string | undefined }) {
    super(message, options);
  }
}

/**
 * The request never reached a service: the connection was refused or the host name has no address.
 * Nothing was sent, so nothing can have happened; it is not retried, since the next try meets the
 * same closed port (a server that is not running, a wrong base URL).
 */
export class APIConnectionRefusedError extends APIConnectionError {
  override name = 'APIConnectionRefusedError';
  /** The system's code: `ECONNREFUSED`, `ENOTFOUND`, ... */
  readonly systemCode: string;
  constructor(message: string, options: { cause?: unknown; url: string; systemCode: string }) {
    super(message, options);
    this.systemCode = options.systemCode;
  }
}

/**
 * The connection stopped at the server's certificate (not trusted, expired, or for another name):
 * nothing was sent, and trying again meets the same certificate, so it is never retried.
 */
export class APIConnectionCertificateError extends APIConnectionRefusedError {
  override name = 'APIConnectionCertificateError';
}

export function isAPIError(value: unknown): value is APIError {
  return value instanceof APIError;
}
