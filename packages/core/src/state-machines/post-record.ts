import type { PostStatus } from '../schemas/post-record.js';
import { POST_STATUSES } from '../schemas/post-statuses.js';
import type { StateMachine } from './state-machine.js';

// The states are the post record's wire `status` values (schemas/post-record.ts).
export const POST_RECORD_TRIGGERS = [
  'sent',
  'network_confirmed',
  'network_failed',
  'confirmation_missing',
] as const;
export type PostRecordTrigger = (typeof POST_RECORD_TRIGGERS)[number];

/**
 * The document says of the post record "Transitions: not shown". These rows are the least the rest of
 * it implies: a send ends in one of the four states (200 success, 202 processing, a network failure,
 * a timeout); a processing post (tiktok and instagram finish after the answer, 202 processing uploads)
 * is later confirmed or fails, or is never confirmed; and a timeout "stays so while the service
 * checks", so the check may still find the post published or failed (done = "will not change by
 * itself" is false until the network's window passes).
 */
export type PostRecordCondition =
  | 'network_accepted'
  | 'finishes_later'
  | 'network_refused'
  | 'no_confirmation';

export const POST_RECORD_MACHINE: StateMachine<PostStatus, PostRecordTrigger, PostRecordCondition> = {
  name: 'post_record',
  states: POST_STATUSES,
  triggers: POST_RECORD_TRIGGERS,
  transitions: [
    { from: null, trigger: 'sent', condition: 'network_accepted', to: 'success' },
    { from: null, trigger: 'sent', condition: 'finishes_later', to: 'processing' },
    { from: null, trigger: 'sent', condition: 'network_refused', to: 'failed' },
    { from: null, trigger: 'sent', condition: 'no_confirmation', to: 'timeout' },
    { from: 'processing', trigger: 'network_confirmed', to: 'success' },
    { from: 'processing', trigger: 'network_failed', to: 'failed' },
    { from: 'processing', trigger: 'confirmation_missing', to: 'timeout' },
    { from: 'timeout', trigger: 'network_confirmed', to: 'success' },
    { from: 'timeout', trigger: 'network_failed', to: 'failed' },
  ],
};
