import { describe, expect, it } from 'vitest';
import type { PostStatus, ScheduledPostOutcome, ScheduledPostStatus } from '../schemas/post-record.js';
import { POST_RECORD_MACHINE, type PostRecordCondition, type PostRecordTrigger } from './post-record.js';
import {
  SCHEDULED_POST_MACHINE,
  type ScheduledPostCondition,
  type ScheduledPostTrigger,
  scheduledStatusForOutcome,
} from './scheduled-post.js';
import { canTransition, StateTransitionError, transition, transitionRow } from './state-machine.js';

describe('scheduled post machine', () => {
  it.each<
    [
      ScheduledPostOutcome | null,
      ScheduledPostTrigger,
      ScheduledPostCondition,
      ScheduledPostOutcome,
      number | undefined,
      string | undefined,
    ]
  >([
    [null, 'schedule', 'checks_pass', 'waiting', 202, 'scheduled'],
    [null, 'schedule', 'over_daily_allowance', 'waiting', 202, 'queued_for_next_day'],
    ['waiting', 'due_time_reached', 'allowance_ok', 'sending', undefined, undefined],
    ['sending', 'networks_answered', 'all_succeeded', 'success', undefined, undefined],
    ['sending', 'networks_answered', 'all_failed', 'failed', undefined, undefined],
    ['sending', 'networks_answered', 'some_failed', 'partly_failed', undefined, undefined],
    ['sending', 'networks_answered', 'sent_unconfirmed', 'unconfirmed', undefined, undefined],
    ['waiting', 'due_time_reached', 'daily_allowance_used', 'waiting', undefined, undefined],
    ['waiting', 'due_time_reached', 'free_monthly_used', 'failed', undefined, undefined],
    ['waiting', 'cancel', 'not_sent_yet', 'cancelled', 200, undefined],
    ['cancelled', 'cancel', 'already_cancelled', 'cancelled', 200, undefined],
    ['sending', 'cancel', 'already_sent', 'sending', 409, 'not_cancellable'],
    ['success', 'cancel', 'already_sent', 'success', 409, 'not_cancellable'],
    ['partly_failed', 'cancel', 'already_sent', 'partly_failed', 409, 'not_cancellable'],
    ['failed', 'cancel', 'already_sent', 'failed', 409, 'not_cancellable'],
    ['waiting', 'cancel', 'moved_to_later_time', 'cancelled', 200, undefined],
  ])('moves from %s on %s (%s) to %s answering %s %s', (from, trigger, condition, to, status, code) => {
    const row = transitionRow(SCHEDULED_POST_MACHINE, from, { trigger, condition });
    expect(row.to).toBe(to);
    expect(row.answer?.status).toBe(status);
    expect(row.answer?.code).toBe(code);
  });

  it.each<[ScheduledPostOutcome, ScheduledPostOutcome]>([
    ['success', 'cancelled'],
    ['failed', 'waiting'],
    ['cancelled', 'waiting'],
    ['waiting', 'success'],
    ['unconfirmed', 'success'],
  ])('never moves from %s to %s', (from, to) => {
    expect(canTransition(SCHEDULED_POST_MACHINE, from, to)).toBe(false);
    expect(() => transition(SCHEDULED_POST_MACHINE, from, to)).toThrow(StateTransitionError);
  });

  it('cancels a waiting post by trigger alone, whichever row applies', () => {
    expect(transition(SCHEDULED_POST_MACHINE, 'waiting', 'cancel')).toBe('cancelled');
  });

  it.each<[ScheduledPostOutcome, ScheduledPostStatus]>([
    ['waiting', 'scheduled'],
    ['sending', 'processing'],
    ['success', 'published'],
    ['partly_failed', 'published'],
    ['unconfirmed', 'published'],
    ['failed', 'failed'],
    ['cancelled', 'cancelled'],
  ])('shows outcome %s as status %s', (outcome, status) => {
    expect(scheduledStatusForOutcome(outcome)).toBe(status);
  });
});

describe('post record machine', () => {
  // The move names the trigger and condition only, so the state comes from the table, not the test.
  it.each<[PostStatus | null, PostRecordTrigger, PostRecordCondition | undefined, PostStatus]>([
    [null, 'sent', 'network_accepted', 'success'],
    [null, 'sent', 'finishes_later', 'processing'],
    [null, 'sent', 'network_refused', 'failed'],
    [null, 'sent', 'no_confirmation', 'timeout'],
    ['processing', 'network_confirmed', undefined, 'success'],
    ['processing', 'network_failed', undefined, 'failed'],
    ['processing', 'confirmation_missing', undefined, 'timeout'],
    ['timeout', 'network_confirmed', undefined, 'success'],
    ['timeout', 'network_failed', undefined, 'failed'],
  ])('allows %s on %s (%s) to %s', (from, trigger, condition, to) => {
    expect(transition(POST_RECORD_MACHINE, from, { trigger, condition })).toBe(to);
  });

  it.each<[PostStatus, PostStatus]>([
    ['success', 'failed'],
    ['failed', 'success'],
    ['success', 'processing'],
    ['timeout', 'processing'],
  ])('never moves a post from %s to %s', (from, to) => {
    expect(canTransition(POST_RECORD_MACHINE, from, to)).toBe(false);
  });
});
