import type { ScheduledPostOutcome, ScheduledPostStatus } from '../schemas/post-record.js';
import { SCHEDULED_POST_OUTCOMES } from '../schemas/post-statuses.js';
import type { StateMachine } from './state-machine.js';

// The outcome and status enums are the wire fields of the scheduled post record (schemas/post-record.ts);
// the machine runs on `outcome`, and `status` follows from it.

export const SCHEDULED_POST_TRIGGERS = [
  'schedule',
  'due_time_reached',
  'networks_answered',
  'cancel',
] as const;
export type ScheduledPostTrigger = (typeof SCHEDULED_POST_TRIGGERS)[number];

export type ScheduledPostCondition =
  | 'checks_pass'
  | 'over_daily_allowance'
  | 'allowance_ok'
  | 'daily_allowance_used'
  | 'free_monthly_used'
  | 'all_succeeded'
  | 'all_failed'
  | 'some_failed'
  | 'sent_unconfirmed'
  | 'not_sent_yet'
  | 'already_cancelled'
  | 'already_sent'
  | 'moved_to_later_time';

const NOT_CANCELLABLE = { status: 409, code: 'not_cancellable' } as const;

/** States and transitions, Scheduled post, row by row. */
export const SCHEDULED_POST_MACHINE: StateMachine<
  ScheduledPostOutcome,
  ScheduledPostTrigger,
  ScheduledPostCondition
> = {
  name: 'scheduled_post',
  states: SCHEDULED_POST_OUTCOMES,
  triggers: SCHEDULED_POST_TRIGGERS,
  transitions: [
    // scheduledFor more than 60 seconds ahead.
    {
      from: null,
      trigger: 'schedule',
      condition: 'checks_pass',
      to: 'waiting',
      answer: { status: 202, code: 'scheduled' },
    },
    // Beginner or Apprentice over its daily allowance: same time on the next UTC day.
    {
      from: null,
      trigger: 'schedule',
      condition: 'over_daily_allowance',
      to: 'waiting',
      answer: { status: 202, code: 'queued_for_next_day' },
    },
    { from: 'waiting', trigger: 'due_time_reached', condition: 'allowance_ok', to: 'sending' },
    { from: 'sending', trigger: 'networks_answered', condition: 'all_succeeded', to: 'success' },
    { from: 'sending', trigger: 'networks_answered', condition: 'all_failed', to: 'failed' },
    { from: 'sending', trigger: 'networks_answered', condition: 'some_failed', to: 'partly_failed' },
    { from: 'sending', trigger: 'networks_answered', condition: 'sent_unconfirmed', to: 'unconfirmed' },
    // Moved to the same time next day; `note` says why.
    { from: 'waiting', trigger: 'due_time_reached', condition: 'daily_allowance_used', to: 'waiting' },
    // Shown on the Scheduled page and in a failure e-mail, not in history.
    { from: 'waiting', trigger: 'due_time_reached', condition: 'free_monthly_used', to: 'failed' },
    {
      from: 'waiting',
      trigger: 'cancel',
      condition: 'not_sent_yet',
      to: 'cancelled',
      answer: { status: 200 },
    },
    // A repeat answers 200 with already_cancelled true.
    {
      from: 'cancelled',
      trigger: 'cancel',
      condition: 'already_cancelled',
      to: 'cancelled',
      answer: { status: 200 },
    },
    // "processing, published, failed | DELETE | unchanged | 409 not_cancellable with error.status".
    { from: 'sending', trigger: 'cancel', condition: 'already_sent', to: 'sending', answer: NOT_CANCELLABLE },
    { from: 'success', trigger: 'cancel', condition: 'already_sent', to: 'success', answer: NOT_CANCELLABLE },
    {
      from: 'partly_failed',
      trigger: 'cancel',
      condition: 'already_sent',
      to: 'partly_failed',
      answer: NOT_CANCELLABLE,
    },
    {
      from: 'unconfirmed',
      trigger: 'cancel',
      condition: 'already_sent',
      to: 'unconfirmed',
      answer: NOT_CANCELLABLE,
    },
    { from: 'failed', trigger: 'cancel', condition: 'already_sent', to: 'failed', answer: NOT_CANCELLABLE },
    // A post being published that was moved to a later time is waiting again; DELETE sent again cancels.
    {
      from: 'waiting',
      trigger: 'cancel',
      condition: 'moved_to_later_time',
      to: 'cancelled',
      answer: { status: 200 },
    },
  ],
};

/**
 * The `status` each outcome shows. The document pairs published with success and partly_failed and
 * leaves unconfirmed open: it is shown as `published` because the post went out and must never be
 * sent again; `outcome` and `done` say it is not confirmed.
 */
export const SCHEDULED_STATUS_FOR_OUTCOME: Readonly<Record<ScheduledPostOutcome, ScheduledPostStatus>> = {
  waiting: 'scheduled',
  sending: 'processing',
  success: 'published',
  partly_failed: 'published',
  unconfirmed: 'published',
  failed: 'failed',
  cancelled: 'cancelled',
};

export function scheduledStatusForOutcome(outcome: ScheduledPostOutcome): ScheduledPostStatus {
  return SCHEDULED_STATUS_FOR_OUTCOME[outcome];
}
