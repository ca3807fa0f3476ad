import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.js';
import { apiError } from './api-error-factory.js';
import { errorBodyFor, retryAfterHeader } from './error-bodies.js';
import { ERROR_CATALOG, errorCodesFor } from './error-catalog.js';
import type { ErrorCode } from './error-codes.js';
import type { ErrorFamily } from './error-family.js';

function bodyOf(err: ApiError, family: ErrorFamily): Record<string, unknown> {
  return errorBodyFor(err, family) as unknown as Record<string, unknown>;
}

function errorObject(body: Record<string, unknown>): Record<string, unknown> {
  const error = body['error'];
  if (typeof error !== 'object' || error === null) throw new Error('error is not an object');
  return error as Record<string, unknown>;
}

describe('errorBodyFor', () => {
  it.each(errorCodesFor('upload_link').map((code) => [code]))(
    'gives the upload-link body of %s a next_step and a retry',
    (code) => {
      const error = errorObject(bodyOf(apiError(code, 'm', { retryAfterSeconds: 30 }), 'upload_link'));
      expect(error['code']).toBe(code);
      expect(error['message']).toBe('m');
      expect(error['next_step']).toMatch(/\S/);
      expect(['never', 'after_reset']).toContain(error['retry']);
    },
  );

  it('gives an upload-link body a next_step and retry even for an error built by hand', () => {
    const error = errorObject(bodyOf(new ApiError('upload_closed', 'm', { status: 409 }), 'upload_link'));
    expect(error['next_step']).toBe(ERROR_CATALOG.upload_closed.nextStep);
    expect(error['retry']).toBe('never');
  });

  const fourTwentyNines = (['standard', 'upload_link'] as const).flatMap((family) =>
    errorCodesFor(family, 429).map((code): [ErrorFamily, ErrorCode] => [family, code]),
  );
  it.each(fourTwentyNines)('puts retry_after_seconds inside error for a %s 429 %s', (family, code) => {
    const err = apiError(code, 'm', { retryAfterSeconds: 42 });
    const body = bodyOf(err, family);
    expect(errorObject(body)['retry_after_seconds']).toBe(42);
    expect(body['retry_after_seconds']).toBeUndefined();
  });

  it('puts code and retry_after_seconds next to error for a media import 429 rate_limited', () => {
    const body = bodyOf(
      apiError('rate_limited', 'Wait 12 seconds.', { retryAfterSeconds: 12 }),
      'media_import',
    );
    expect(body).toEqual({ error: 'Wait 12 seconds.', code: 'rate_limited', retry_after_seconds: 12 });
  });

  it('answers media import import_budget_exhausted as an error object', () => {
    const err = apiError('import_budget_exhausted', 'm', { extra: { used_bytes: 1 }, retryAfterSeconds: 60 });
    const error = errorObject(bodyOf(err, 'media_import'));
    expect(error).toMatchObject({ code: 'import_budget_exhausted', message: 'm', used_bytes: 1 });
    expect(error['retry_after_seconds']).toBe(60);
  });

  it('puts next_step and provider beside error for a share-link refusal', () => {
    const err = apiError('link_not_public', 'Not public.', { extra: { provider: 'drive' } });
    expect(bodyOf(err, 'media_import')).toEqual({
      error: 'Not public.',
      code: 'link_not_public',
      provider: 'drive',
      next_step: ERROR_CATALOG.link_not_public.nextStep,
    });
  });

  it('leaves next_step and retry out of a standard body', () => {
    const error = errorObject(bodyOf(apiError('rate_limited', 'm'), 'standard'));
    expect(error['next_step']).toBeUndefined();
    expect(error['retry']).toBeUndefined();
    expect(error['retry_after_seconds']).toBe(20);
  });

  it('leaves next_step out of a media import rate_limited body', () => {
    expect(bodyOf(apiError('rate_limited', 'm'), 'media_import')['next_step']).toBeUndefined();
  });
});

describe('retryAfterHeader', () => {
  it.each<[number | undefined, string | undefined]>([
    [5, '5'],
    [0.4, '1'],
    [3600, '3600'],
    [3601, undefined],
    [86_400, undefined],
    [undefined, undefined],
  ])('for a wait of %s seconds sends %s', (seconds, header) => {
    const err = new ApiError('monthly_limit_reached', 'm', { status: 429, retryAfterSeconds: seconds });
    expect(retryAfterHeader(err)).toBe(header);
  });

  it('reads the wait from the body fields when no figure was given', () => {
    const err = apiError('import_budget_exhausted', 'm', { extra: { retry_after_seconds: 90 } });
    expect(retryAfterHeader(err)).toBe('90');
  });

  it('sends none for idempotency_outcome_unknown', () => {
    expect(retryAfterHeader(apiError('idempotency_outcome_unknown', 'm'))).toBeUndefined();
  });
});
