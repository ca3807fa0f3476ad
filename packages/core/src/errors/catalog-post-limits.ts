import { LIMITS } from '../limits/limits.js';
import { type ErrorCatalogPart, STANDARD } from './catalog-entry.js';
import { afterRetryAfter, LATER, UNTIL_RESETS_AT, UNTIL_UTC_MIDNIGHT } from './retry-rule.js';

/**
 * POST /posts allowance refusals ("Limits") and the service's own checks that could not run
 * (503/504). Every 429 carries `retry_after_seconds` ("Errors", Shapes), so it is listed for each.
 */
export const POST_LIMIT_ERRORS = {
  daily_attempts_exceeded: {
    statuses: [429],
    families: STANDARD,
    summary: 'The profile used its publish attempts for the UTC day; stop until 00:00 UTC.',
    retry: UNTIL_UTC_MIDNIGHT,
    extraFields: ['attempts', 'ceiling', 'plan', 'retry_after_seconds'],
  },
  monthly_limit_reached: {
    statuses: [429],
    families: STANDARD,
    summary: 'The Free account used its posts for the month; nothing queued; wait for resets_at or upgrade.',
    retry: UNTIL_RESETS_AT,
    extraFields: [
      'upgrade_url',
      'used',
      'limit',
      'window',
      'resets_at',
      'plan',
      'trial_available',
      'retry_after_seconds',
    ],
  },
  x_limit_reached: {
    statuses: [429],
    families: STANDARD,
    summary: 'The X add-on’s 200 posts for the billing month are used; wait for resets_at.',
    retry: UNTIL_RESETS_AT,
    extraFields: ['used', 'limit', 'resets_at', 'plan', 'retry_after_seconds'],
  },
  x_link_limit_reached: {
    statuses: [429],
    families: STANDARD,
    summary: 'The X add-on’s 20 posts with links are used; remove the links or wait for resets_at.',
    retry: UNTIL_RESETS_AT,
    extraFields: [
      'used',
      'limit',
      'resets_at',
      'plan',
      'link_used',
      'link_limit',
      'detected_links',
      'retry_after_seconds',
    ],
  },
  // Only when simultaneous requests cross the daily allowance; sent again it is queued for the next day.
  daily_limit_reached: {
    statuses: [429],
    families: STANDARD,
    summary: 'Requests reached the daily allowance at the same moment; send again later to queue it.',
    retry: LATER,
    extraFields: ['retry_after_seconds'],
  },
  caller_check_unavailable: {
    statuses: [503],
    families: STANDARD,
    summary: 'The account check could not run; nothing posted; wait 5 seconds and send again.',
    retry: afterRetryAfter(LIMITS.retryAfter.callerCheckUnavailableSeconds),
    extraFields: ['retry_after_seconds'],
  },
  schedule_check_unavailable: {
    statuses: [503],
    families: STANDARD,
    summary: 'The schedule check could not run; nothing scheduled; wait 5 seconds and send again.',
    retry: afterRetryAfter(LIMITS.retryAfter.scheduleCheckUnavailableSeconds),
    extraFields: ['retry_after_seconds'],
  },
  // The document gives Retry-After without a figure; 5 like the other checks that could not run.
  dry_run_unavailable: {
    statuses: [503],
    families: STANDARD,
    summary: 'The dry run report did not come in time; nothing sent; wait Retry-After and send again.',
    retry: afterRetryAfter(5),
    extraFields: ['retry_after_seconds'],
  },
  cancel_unconfirmed: {
    statuses: [504],
    families: STANDARD,
    summary: 'The cancel was not confirmed in time; send the DELETE again (cancelling twice is safe).',
    retry: afterRetryAfter(LIMITS.retryAfter.cancelUnconfirmedSeconds),
    extraFields: ['retry_after_seconds'],
  },
} satisfies ErrorCatalogPart;
