import { describe, expect, it } from 'vitest';
import { ERROR_CODES, type ErrorCode } from './error-codes.js';
import { describeRetry, type RetryRule, type RetryRuleKind } from './retry-rule.js';
import {
  RETRYABLE_CODES,
  retryAfterSecondsFor,
  retryRuleFor,
  STOP_CODES,
  shouldRetryAutomatically,
} from './retry-rules.js';

describe('shouldRetryAutomatically (rule 7)', () => {
  it.each<[number, string | undefined, boolean]>([
    [500, undefined, true],
    [502, undefined, true],
    [503, '', true],
    [500, 'server_error', false],
    [500, 'platform_error', false],
    [500, 'api_error', false],
    [429, 'rate_limited', true],
    [429, 'daily_attempts_exceeded', false],
    [429, 'monthly_limit_reached', false],
    [429, 'x_limit_reached', false],
    [429, 'x_link_limit_reached', false],
    [429, 'x_rejected', false],
    [429, undefined, false],
    [404, undefined, false],
    [409, 'media_processing', true],
    [409, 'idempotency_in_progress', true],
    [409, 'idempotency_outcome_unknown', false],
    [422, 'idempotency_key_reused', false],
    [503, 'idempotency_unavailable', true],
    [503, 'caller_check_unavailable', true],
    [503, 'schedule_check_unavailable', true],
    [503, 'uploads_busy', true],
    [503, 'upload_links_paused', true],
    [504, 'cancel_unconfirmed', true],
    [502, 'upstream_unavailable', false],
    [503, 'skool_unavailable', false],
    [503, 'x_unavailable', false],
    [502, 'upload_worker_failed', false],
    [400, 'no_publish_id', false],
    [400, 'bad_request', false],
    [401, 'reconnect_required', false],
    [503, 'some_network_code', false],
    [409, 'upload_offset_mismatch', true],
    [423, 'upload_locked', false],
    [412, 'tus_version_unsupported', false],
    [409, 'conflict', false],
  ])('after %s with code %s answers %s', (status, code, expected) => {
    expect(shouldRetryAutomatically({ status, code })).toBe(expected);
  });
});

describe('retryRuleFor', () => {
  it.each<[ErrorCode, RetryRuleKind]>([
    ['rate_limited', 'after_retry_after'],
    ['media_processing', 'after_retry_after'],
    ['too_many_open_uploads', 'after_retry_after'],
    ['upload_being_checked', 'after_retry_after'],
    ['monthly_limit_reached', 'not_before_reset'],
    ['daily_attempts_exceeded', 'not_before_reset'],
    ['import_budget_exhausted', 'not_before_reset'],
    ['upstream_unavailable', 'later'],
    ['TOKEN_REFRESH_FAILED', 'later'],
    ['server_error', 'check_history_first'],
    ['platform_error', 'check_history_first'],
    ['idempotency_outcome_unknown', 'new_key'],
    ['idempotency_key_reused', 'never'],
    ['scheduled_for_invalid', 'never'],
    ['reconnect_required', 'reconnect'],
    ['NO_TOKEN', 'reconnect'],
    ['no_publish_id', 'send_again'],
    ['upload_worker_failed', 'send_again'],
    ['upload_offset_mismatch', 'resume_from_offset'],
    ['upload_locked', 'later'],
    ['tus_version_unsupported', 'never'],
    ['conflict', 'never'],
  ])('gives %s the rule %s', (code, kind) => {
    expect(retryRuleFor(code).kind).toBe(kind);
  });

  it.each<[ErrorCode, number, RetryRuleKind]>([
    ['x_rejected', 400, 'never'],
    ['x_rejected', 401, 'reconnect'],
    ['api_error', 400, 'never'],
    ['api_error', 500, 'check_history_first'],
  ])('gives %s at status %s the rule %s', (code, status, kind) => {
    expect(retryRuleFor(code, status).kind).toBe(kind);
  });

  it.each<[ErrorCode, number]>([
    ['media_processing', 30],
    ['idempotency_in_progress', 5],
    ['caller_check_unavailable', 5],
    ['idempotency_unavailable', 5],
    ['schedule_check_unavailable', 5],
    ['cancel_unconfirmed', 5],
    ['too_many_open_uploads', 60],
    ['upload_being_checked', 60],
    ['upload_links_paused', 600],
  ])('waits %s by default %s seconds', (code, seconds) => {
    expect(retryRuleFor(code)).toMatchObject({ kind: 'after_retry_after', defaultSeconds: seconds });
  });

  it('documents 30, 60 and 600 seconds for uploads_busy', () => {
    expect(retryRuleFor('uploads_busy')).toMatchObject({ documentedSeconds: [30, 60, 600] });
  });
});

describe('STOP_CODES', () => {
  it.each<[ErrorCode]>([
    ['daily_attempts_exceeded'],
    ['monthly_limit_reached'],
    ['x_limit_reached'],
    ['x_link_limit_reached'],
    ['idempotency_key_reused'],
    ['idempotency_outcome_unknown'],
    ['import_budget_exhausted'],
    ['renewals_exhausted'],
    ['server_error'],
    ['upstream_unavailable'],
    ['conflict'],
  ])('names %s', (code) => {
    expect(STOP_CODES).toContain(code);
  });

  it('leaves out the storage offset mismatch: HEAD again and continue is automatic', () => {
    expect(STOP_CODES).not.toContain('upload_offset_mismatch');
  });

  it('never names a retryable code', () => {
    expect(STOP_CODES.filter((code) => RETRYABLE_CODES.includes(code))).toEqual([]);
  });

  it.each(STOP_CODES.map((code) => [code]))('keeps automatic retries off for %s', (code) => {
    for (const status of [409, 429, 500, 502, 503, 504]) {
      expect(shouldRetryAutomatically({ status, code })).toBe(false);
    }
  });
});

describe('retryAfterSecondsFor', () => {
  const now = new Date('2026-10-18T12:00:00Z');
  it.each<[ErrorCode, string | undefined, number | undefined]>([
    ['rate_limited', '12', 12],
    ['media_processing', undefined, 30],
    ['media_processing', 'soon', 30],
    ['idempotency_in_progress', undefined, 5],
    ['rate_limited', 'Sun, 18 Oct 2026 12:00:40 GMT', 40],
    ['monthly_limit_reached', undefined, undefined],
    ['monthly_limit_reached', '3600', 3600],
    ['scheduled_for_invalid', undefined, undefined],
  ])('waits for %s with header %s %s seconds', (code, header, expected) => {
    expect(retryAfterSecondsFor(code, header, now)).toBe(expected);
  });
});

describe('describeRetry', () => {
  const rules: RetryRule[] = [
    { kind: 'after_retry_after', defaultSeconds: 30 },
    { kind: 'not_before_reset', until: 'resets_at' },
    { kind: 'not_before_reset', until: 'utc_midnight' },
    { kind: 'later' },
    { kind: 'later', reconnectIfPersistent: true },
    { kind: 'check_history_first' },
    { kind: 'new_key' },
    { kind: 'never' },
    { kind: 'reconnect' },
    { kind: 'send_again' },
    { kind: 'resume_from_offset' },
  ];

  it('gives every rule its own sentence', () => {
    const sentences = rules.map(describeRetry);
    expect(new Set(sentences).size).toBe(rules.length);
  });

  it('names the documented seconds of a wait', () => {
    expect(describeRetry(retryRuleFor('uploads_busy'))).toContain('30, 60, 600');
    expect(describeRetry(retryRuleFor('media_processing'))).toContain('30');
  });

  it('describes the rule of every catalog code', () => {
    for (const code of ERROR_CODES) expect(describeRetry(retryRuleFor(code))).toMatch(/\w/);
  });
});
