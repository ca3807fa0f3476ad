import { describe, expect, it } from 'vitest';
import { apiError } from './api-error-factory.js';
import { ERROR_CATALOG, errorCodesFor } from './error-catalog.js';
import { ERROR_CODES, type ErrorCode } from './error-codes.js';

describe('apiError', () => {
  it.each(ERROR_CODES.map((code) => [code]))(
    'answers %s with its first documented status by default',
    (code) => {
      const err = apiError(code, 'message');
      expect(err.code).toBe(code);
      expect(err.status).toBe(ERROR_CATALOG[code].statuses[0]);
      expect(err.message).toBe('message');
    },
  );

  it.each<[ErrorCode, number]>([
    ['account_not_found', 404],
    ['x_rejected', 401],
    ['api_error', 500],
    ['pinterest_rejected', 429],
    ['upload_closed', 410],
  ])('accepts %s with its documented status %s', (code, status) => {
    expect(apiError(code, 'm', { status }).status).toBe(status);
  });

  it.each<[ErrorCode, number]>([
    ['rate_limited', 503],
    ['server_error', 400],
    ['media_not_found', 410],
    ['upload_expired', 404],
    ['MEDIA_TOO_LARGE', 400],
    ['invalid_request', 409],
    ['invalid_request', 412],
    ['upload_locked', 409],
  ])('refuses %s with the undocumented status %s', (code, status) => {
    expect(() => apiError(code, 'm', { status })).toThrow(RangeError);
  });

  it.each(errorCodesFor('upload_link').map((code) => [code]))(
    'fills retry and next_step of upload-link code %s from the catalog',
    (code) => {
      const err = apiError(code, 'm');
      expect(err.retry).toBe(ERROR_CATALOG[code].uploadLinkRetry);
      expect(err.nextStep).toBe(ERROR_CATALOG[code].nextStep);
    },
  );

  it('keeps a given retry and next_step over the catalog defaults', () => {
    const err = apiError('import_budget_exhausted', 'larger than the whole budget', {
      retry: 'never',
      nextStep: 'Upgrade.',
    });
    expect(err.retry).toBe('never');
    expect(err.nextStep).toBe('Upgrade.');
    expect(err.retryAfterSeconds).toBeUndefined();
  });

  it.each<[ErrorCode, number]>([
    ['media_processing', 30],
    ['idempotency_in_progress', 5],
    ['cancel_unconfirmed', 5],
    ['too_many_open_uploads', 60],
    ['upload_links_paused', 600],
  ])('waits the documented Retry-After for %s when none is given', (code, seconds) => {
    expect(apiError(code, 'm').retryAfterSeconds).toBe(seconds);
  });

  it('sets no default wait when the answer is told retry never', () => {
    const err = apiError('upload_links_paused', 'switched off for this account', { retry: 'never' });
    expect(err.retry).toBe('never');
    expect(err.retryAfterSeconds).toBeUndefined();
    expect(apiError('upload_links_paused', 'maintenance').retryAfterSeconds).toBe(600);
  });

  it('keeps a computed wait over the default', () => {
    expect(apiError('rate_limited', 'm', { retryAfterSeconds: 13 }).retryAfterSeconds).toBe(13);
  });

  it.each<[ErrorCode]>([['scheduled_for_invalid'], ['idempotency_outcome_unknown'], ['server_error']])(
    'sets no wait for %s',
    (code) => {
      expect(apiError(code, 'm').retryAfterSeconds).toBeUndefined();
    },
  );

  it('passes extra fields through', () => {
    const err = apiError('youtube_tags_too_long', 'm', {
      extra: { tags_length: 512, max_tags_length: 500, remove_tags: ['a'] },
    });
    expect(err.extra).toEqual({ tags_length: 512, max_tags_length: 500, remove_tags: ['a'] });
  });
});
