import { describe, expect, it } from 'vitest';
import type { ErrorCatalogInput } from './catalog-entry.js';
import { SHARED_ERRORS } from './catalog-shared.js';
import { ERROR_CATALOG, errorCodesFor, extraFieldsFor, isErrorCode } from './error-catalog.js';
import { ANSWER_CODES, ERROR_CODES, type ErrorCode } from './error-codes.js';
import type { ErrorFamily } from './error-family.js';

// "Errors, POST /posts" (plus DELETE /posts/{id} and the tiktok failures named under it).
const POSTS_TABLE: [number, ErrorCode][] = [
  [400, 'api_error'],
  [400, 'scheduled_for_invalid'],
  [400, 'media_not_available'],
  [400, 'video_size_unknown'],
  [400, 'bad_request'],
  [400, 'profile_name_ambiguous'],
  [400, 'youtube_tags_too_long'],
  [400, 'no_publish_id'],
  [400, 'idempotency_key_invalid'],
  [400, 'pinterest_board_required'],
  [400, 'media_wrong_for_post_type'],
  [400, 'options_outside_post'],
  [400, 'no_container'],
  [400, 'pinterest_rejected'],
  [400, 'x_rejected'],
  [400, 'skool_rejected'],
  [400, 'category_required'],
  [400, 'pinterest_sandbox_board'],
  [401, 'unauthorized'],
  [401, 'reconnect_required'],
  [401, 'RECONNECT_REQUIRED'],
  [401, 'REFRESH_TOKEN_EXPIRED'],
  [401, 'NO_TOKEN'],
  [401, 'x_rejected'],
  [401, 'pinterest_auth_failed'],
  [401, 'TOKEN_REFRESH_FAILED'],
  [403, 'plan_required'],
  [403, 'account_not_found'],
  [403, 'x_rejected'],
  [403, 'pinterest_rejected'],
  [403, 'forbidden'],
  [404, 'media_not_found'],
  [404, 'post_not_found'],
  [404, 'not_found'],
  [404, 'pinterest_rejected'],
  [404, 'x_rejected'],
  [405, 'method_not_allowed'],
  [409, 'media_processing'],
  [409, 'scheduled_queue_full'],
  [409, 'not_cancellable'],
  [409, 'idempotency_in_progress'],
  [409, 'idempotency_outcome_unknown'],
  [413, 'MEDIA_TOO_LARGE'],
  [422, 'media_failed'],
  [422, 'photo_format_not_supported'],
  [422, 'photo_too_large_to_convert'],
  [422, 'photo_conversion_failed'],
  [422, 'photo_too_large_to_resize'],
  [422, 'idempotency_key_reused'],
  [429, 'rate_limited'],
  [429, 'daily_attempts_exceeded'],
  [429, 'monthly_limit_reached'],
  [429, 'x_limit_reached'],
  [429, 'x_link_limit_reached'],
  [429, 'daily_limit_reached'],
  [429, 'pinterest_rejected'],
  [429, 'x_rejected'],
  [500, 'server_error'],
  [500, 'platform_error'],
  [500, 'api_error'],
  [502, 'upstream_unavailable'],
  [502, 'upload_worker_failed'],
  [503, 'skool_unavailable'],
  [503, 'x_unavailable'],
  [503, 'caller_check_unavailable'],
  [503, 'schedule_check_unavailable'],
  [503, 'idempotency_unavailable'],
  [503, 'dry_run_unavailable'],
  [504, 'cancel_unconfirmed'],
  [400, 'picture_size_check_failed'],
  [400, 'photo_pull_failed'],
];

// "Errors, Media import" and "Share links"; codes marked decided stand where the document gives a message.
const MEDIA_IMPORT_TABLE: [number, ErrorCode][] = [
  [400, 'invalid_json'],
  [400, 'invalid_url'],
  [400, 'download_failed'],
  [400, 'invalid_file_id'],
  [400, 'idempotency_key_invalid'],
  ...(
    [
      'link_not_public',
      'link_is_folder',
      'link_not_found',
      'link_temporarily_blocked',
      'link_not_a_file',
      'link_not_supported',
      'share_links_paused',
    ] as const
  ).map((code): [number, ErrorCode] => [400, code]),
  [401, 'unauthorized'],
  [403, 'plan_limit_reached'],
  [404, 'media_not_found'],
  [405, 'method_not_allowed'],
  [409, 'idempotency_in_progress'],
  [409, 'idempotency_outcome_unknown'],
  [413, 'file_too_large'],
  [415, 'unsupported_type'],
  [422, 'idempotency_key_reused'],
  [429, 'rate_limited'],
  [429, 'import_budget_exhausted'],
  [500, 'import_failed'],
  [503, 'idempotency_unavailable'],
  [503, 'uploads_busy'],
];

// "Errors, Upload links", row by row.
const UPLOAD_LINKS_TABLE: [number, ErrorCode][] = [
  [400, 'invalid_request'],
  [401, 'unauthorized'],
  [403, 'plan_limit_reached'],
  [403, 'account_being_deleted'],
  [404, 'media_not_found'],
  [405, 'method_not_allowed'],
  [409, 'upload_already_received'],
  [409, 'upload_closed'],
  [409, 'upload_incomplete'],
  [409, 'upload_being_checked'],
  [410, 'upload_expired'],
  [413, 'media_too_large'],
  [415, 'unsupported_media_type'],
  [422, 'upload_rejected'],
  [422, 'upload_failed'],
  [429, 'import_budget_exhausted'],
  [429, 'too_many_open_uploads'],
  [429, 'rate_limited'],
  [429, 'renewals_exhausted'],
  [500, 'server_error'],
  [503, 'upload_links_paused'],
  [503, 'uploads_busy'],
];

// Decided by the reference server where the document names no code: the TUS storage endpoint
// (upload-link shape) and the admin API (standard shape).
const REFERENCE_SERVER_TABLE: [ErrorFamily, number, ErrorCode][] = [
  ['upload_link', 403, 'forbidden'],
  ['upload_link', 409, 'upload_offset_mismatch'],
  ['upload_link', 409, 'upload_already_received'],
  ['upload_link', 410, 'upload_closed'],
  ['upload_link', 410, 'upload_expired'],
  ['upload_link', 412, 'tus_version_unsupported'],
  ['upload_link', 423, 'upload_locked'],
  ['standard', 409, 'conflict'],
  ['standard', 421, 'misdirected_request'],
];

// "Errors, Reads".
const READS_TABLE: [number, ErrorCode][] = [
  [400, 'bad_request'],
  [401, 'unauthorized'],
  [404, 'post_not_found'],
  [404, 'account_not_found'],
  [405, 'method_not_allowed'],
  [429, 'rate_limited'],
  [500, 'server_error'],
];

const rows = (family: ErrorFamily, table: [number, ErrorCode][]): [ErrorFamily, number, ErrorCode][] =>
  table.map(([status, code]) => [family, status, code]);

describe('ERROR_CATALOG against the document tables', () => {
  it.each([
    ...rows('standard', POSTS_TABLE),
    ...rows('media_import', MEDIA_IMPORT_TABLE),
    ...rows('upload_link', UPLOAD_LINKS_TABLE),
    ...rows('standard', READS_TABLE),
    ...REFERENCE_SERVER_TABLE,
  ])('answers %s %s with %s', (family, status, code) => {
    const entry = ERROR_CATALOG[code];
    expect(entry.statuses).toContain(status);
    expect(entry.families).toContain(family);
  });

  it('names every code in some document table', () => {
    const tabled = new Set(
      [...POSTS_TABLE, ...MEDIA_IMPORT_TABLE, ...UPLOAD_LINKS_TABLE, ...READS_TABLE].map((r) => r[1]),
    );
    const decided = new Set(REFERENCE_SERVER_TABLE.map((r) => r[2]));
    expect(ERROR_CODES.filter((code) => !tabled.has(code) && !decided.has(code))).toEqual([]);
  });

  it('marks every code outside the document tables as decided by the reference server', () => {
    const tabled = new Set(
      [...POSTS_TABLE, ...MEDIA_IMPORT_TABLE, ...UPLOAD_LINKS_TABLE, ...READS_TABLE].map((r) => r[1]),
    );
    const untabled = ERROR_CODES.filter((code) => !tabled.has(code));
    expect(untabled.filter((code) => ERROR_CATALOG[code].decided !== true)).toEqual([]);
  });

  it('marks only the admin API conflict as answered by the admin API alone', () => {
    expect(ERROR_CODES.filter((code) => ERROR_CATALOG[code].adminOnly === true)).toEqual(['conflict']);
  });
});

describe('ERROR_CATALOG entries', () => {
  it.each(ERROR_CODES.map((code) => [code]))('describes %s completely', (code) => {
    const entry = ERROR_CATALOG[code];
    expect(entry.code).toBe(code);
    expect(entry.statuses.length).toBeGreaterThan(0);
    for (const status of entry.statuses) expect(status >= 400 && status <= 599).toBe(true);
    expect(new Set(entry.statuses).size).toBe(entry.statuses.length);
    expect(entry.families.length).toBeGreaterThan(0);
    expect(entry.summary.length).toBeGreaterThan(10);
    expect(entry.summary).not.toContain('\n');
  });

  it.each(errorCodesFor('upload_link').map((code) => [code]))(
    'gives upload-link code %s a next_step and a retry',
    (code) => {
      expect(ERROR_CATALOG[code].nextStep).toMatch(/\S/);
      expect(['never', 'after_reset']).toContain(ERROR_CATALOG[code].uploadLinkRetry);
    },
  );

  it('keeps 2xx answer codes out of the error catalog', () => {
    expect(ANSWER_CODES.filter((code) => isErrorCode(code))).toEqual([]);
  });

  it('fails to type-check a catalog missing a code', () => {
    // @ts-expect-error a part alone lacks most codes of ErrorCode
    const partial = { ...SHARED_ERRORS } satisfies Record<ErrorCode, ErrorCatalogInput>;
    expect(Object.keys(partial).length).toBeLessThan(ERROR_CODES.length);
  });
});

describe('extraFieldsFor', () => {
  it.each<[ErrorCode, ErrorFamily, string[]]>([
    ['plan_required', 'standard', ['required', 'platform', 'plan', 'upgrade_url']],
    ['rate_limited', 'standard', ['retry_after_seconds', 'limit']],
    ['rate_limited', 'upload_link', ['retry_after_seconds', 'window']],
    ['rate_limited', 'media_import', ['retry_after_seconds']],
    ['youtube_tags_too_long', 'standard', ['tags_length', 'max_tags_length', 'remove_tags']],
    [
      'monthly_limit_reached',
      'standard',
      ['upgrade_url', 'used', 'limit', 'window', 'resets_at', 'plan', 'trial_available'],
    ],
    ['daily_attempts_exceeded', 'standard', ['attempts', 'ceiling', 'plan']],
    ['x_link_limit_reached', 'standard', ['used', 'limit', 'resets_at', 'plan', 'link_used', 'link_limit']],
    [
      'MEDIA_TOO_LARGE',
      'standard',
      ['platform', 'size_bytes', 'limits_url', 'max_video_bytes', 'max_image_bytes'],
    ],
    ['media_processing', 'standard', ['file_id', 'progress', 'retry_after_seconds']],
    [
      'import_budget_exhausted',
      'media_import',
      ['used_bytes', 'limit_bytes', 'requested_bytes', 'upgrade_url'],
    ],
    ['import_budget_exhausted', 'upload_link', ['held_bytes', 'held_until', 'window', 'retry_after_seconds']],
    ['plan_limit_reached', 'media_import', ['upgrade_url', 'next_step', 'provider']],
    ['media_too_large', 'upload_link', ['size_bytes', 'max_bytes']],
    ['too_many_open_uploads', 'upload_link', ['open', 'limit']],
    ['upload_rejected', 'upload_link', ['reason']],
    ['idempotency_key_reused', 'media_import', ['first_used_at']],
  ])('lists the documented fields of %s in the %s family', (code, family, fields) => {
    expect(extraFieldsFor(code, family)).toEqual(expect.arrayContaining(fields));
  });
});

describe('isErrorCode', () => {
  it.each([
    ['rate_limited', true],
    ['MEDIA_TOO_LARGE', true],
    ['media_too_large', true],
    ['scheduled', false],
    ['constructor', false],
    ['RATE_LIMITED', false],
    [42, false],
  ])('answers %s for %s', (value, expected) => {
    expect(isErrorCode(value)).toBe(expected);
  });
});

describe('errorCodesFor', () => {
  it('lists the 429 codes of the upload-link table', () => {
    expect([...errorCodesFor('upload_link', 429)].sort()).toEqual(
      UPLOAD_LINKS_TABLE.filter(([status]) => status === 429)
        .map(([, code]) => code)
        .sort(),
    );
  });
});
