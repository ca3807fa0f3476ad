import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  GoneError,
  InternalServerError,
  MethodNotAllowedError,
  NotFoundError,
  PayloadTooLargeError,
  PermissionDeniedError,
  RateLimitError,
  UnprocessableEntityError,
  UnsupportedMediaTypeError,
} from '../src/index.js';
import { api, BASE, testClient, useMockServer } from './helpers.js';

const server = useMockServer();

describe('APIError.generate', () => {
  it.each([
    [400, BadRequestError],
    [401, AuthenticationError],
    [403, PermissionDeniedError],
    [404, NotFoundError],
    [405, MethodNotAllowedError],
    [409, ConflictError],
    [410, GoneError],
    [413, PayloadTooLargeError],
    [415, UnsupportedMediaTypeError],
    [422, UnprocessableEntityError],
    [429, RateLimitError],
    [500, InternalServerError],
    [502, InternalServerError],
    [503, InternalServerError],
    [504, InternalServerError],
  ])('chooses the class for status %i', (status, ErrorClass) => {
    const error = APIError.generate(status, { error: { code: 'x', message: 'm' } });
    expect(error).toBeInstanceOf(ErrorClass);
    expect(error).toBeInstanceOf(APIError);
    expect(error.status).toBe(status);
  });

  it('falls back to APIError for an undocumented 4xx', () => {
    const error = APIError.generate(418, {});
    expect(error.constructor).toBe(APIError);
  });
});

describe('error body families', () => {
  it('reads the standard family with its extra fields', () => {
    const error = APIError.generate(400, {
      error: { code: 'bad_request', message: 'limit must be 1 to 100', parameter: 'limit' },
    });
    expect(error.code).toBe('bad_request');
    expect(error.message).toBe('limit must be 1 to 100');
    expect(error.parameter).toBe('limit');
  });

  it('reads top-level service of a network refusal that made a post record', () => {
    const service = { post_id: 'p1', scheduled_post_id: null, status_url: 'http://x/api/v2/posts/p1' };
    const error = APIError.generate(403, { error: { code: 'x_rejected', message: 'Duplicate.' }, service });
    expect(error.code).toBe('x_rejected');
    expect(error.service).toEqual(service);
    expect(APIError.generate(400, { error: { code: 'bad_request', message: 'no' } }).service).toBeUndefined();
  });

  it('reads 403 account_not_found with its profiles', () => {
    const profiles = [{ profile_id: 'p1', profile_name: 'Demo' }];
    const error = APIError.generate(403, { error: { code: 'account_not_found', message: 'no', profiles } });
    expect(error.profiles).toEqual(profiles);
  });

  it('reads the media import family: message in error, code and retry_after_seconds beside it', () => {
    const error = APIError.generate(429, {
      error: 'Wait 12 seconds before the next import.',
      code: 'rate_limited',
      retry_after_seconds: 12,
    });
    expect(error.message).toBe('Wait 12 seconds before the next import.');
    expect(error.code).toBe('rate_limited');
    expect(error.retryAfterSeconds).toBe(12);
  });

  it('reads a media import error without a code', () => {
    const error = APIError.generate(415, { error: 'Not a file of an accepted type.' });
    expect(error.code).toBeUndefined();
    expect(error.message).toBe('Not a file of an accepted type.');
  });

  it('reads the upload link family with next_step and retry', () => {
    const error = APIError.generate(409, {
      error: {
        code: 'upload_already_received',
        message: 'The whole file arrived.',
        next_step: 'Call complete.',
        retry: 'never',
        file_id: 'f1',
      },
    });
    expect(error.code).toBe('upload_already_received');
    expect(error.nextStep).toBe('Call complete.');
    expect(error.retry).toBe('never');
    expect(error.fileId).toBe('f1');
  });

  it('tells media_processing from rate_limited by code, with file_id and the body wait', () => {
    const processing = APIError.generate(409, {
      error: { code: 'media_processing', message: 'still importing', file_id: 'f2', retry_after_seconds: 30 },
    });
    const conflict = APIError.generate(409, { error: { code: 'idempotency_in_progress', message: 'wait' } });
    expect(processing.code).toBe('media_processing');
    expect(processing.fileId).toBe('f2');
    expect(processing.retryAfterSeconds).toBe(30);
    expect(conflict.code).toBe('idempotency_in_progress');
  });

  it('prefers the Retry-After header over the body figure', () => {
    const error = APIError.generate(
      429,
      { error: { code: 'rate_limited', message: 'slow down', retry_after_seconds: 40 } },
      new Headers({ 'retry-after': '7', 'x-request-id': 'req_1' }),
    );
    expect(error.retryAfterSeconds).toBe(7);
    expect(error.requestId).toBe('req_1');
    expect(error.headers.get('retry-after')).toBe('7');
  });
});

describe('errors from the transport', () => {
  it('throws the status class with the parsed body for a refused request', async () => {
    server.use(
      http.get(api('/posts/:id'), () =>
        HttpResponse.json({ error: { code: 'post_not_found', message: 'No such post.' } }, { status: 404 }),
      ),
    );
    const { client } = testClient();
    const error = await client.posts
      .retrieve('00000000-0000-4000-8000-000000000000')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).code).toBe('post_not_found');
    expect((error as NotFoundError).body).toEqual({
      error: { code: 'post_not_found', message: 'No such post.' },
    });
  });

  it('throws APIConnectionError when the connection fails', async () => {
    server.use(http.get(api('/accounts'), () => HttpResponse.error()));
    const { client } = testClient({ maxRetries: 0 });
    const error = await client.accounts.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    // The address tried travels with the error, so a wrong base URL shows at once.
    expect((error as APIConnectionError).url).toBe(`${BASE}/api/v2/accounts`);
    expect((error as APIConnectionError).message).toContain(`${BASE}/api/v2/accounts`);
  });

  it('throws APIConnectionTimeoutError after the timeout', async () => {
    server.use(
      http.get(api('/accounts'), async () => {
        await new Promise((resolve) => setTimeout(resolve, 200));
        return HttpResponse.json({ data: [] });
      }),
    );
    const { client } = testClient({ maxRetries: 0, timeout: 20 });
    await expect(client.accounts.list()).rejects.toBeInstanceOf(APIConnectionTimeoutError);
  });
});
