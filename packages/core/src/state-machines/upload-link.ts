import * as z from 'zod';
import type { StateMachine } from './state-machine.js';

/**
 * States and transitions, Media: the states of an upload link. The document writes
 * "cancelled/closed": `cancelled` is a DELETE by the caller, `closed` is the service ending the link
 * (checks refused the file, time ran out, never used).
 */
export const UPLOAD_LINK_STATES = [
  'uploading',
  'verifying',
  'ready',
  'failed',
  'cancelled',
  'closed',
] as const;
export const UploadLinkStateSchema = z.enum(UPLOAD_LINK_STATES);
export type UploadLinkState = z.infer<typeof UploadLinkStateSchema>;

export const UPLOAD_LINK_TRIGGERS = [
  'create_link',
  'complete',
  'check_finished',
  'cancel',
  'time_ran_out',
] as const;
export type UploadLinkTrigger = (typeof UPLOAD_LINK_TRIGGERS)[number];

export type UploadLinkCondition =
  | 'accepted'
  | 'checks_pass'
  | 'check_running'
  | 'storage_lacks_part'
  | 'file_matches'
  | 'file_differs'
  | 'unverifiable'
  | 'not_finished_in_time'
  | 'never_used';

export const UPLOAD_LINK_MACHINE: StateMachine<UploadLinkState, UploadLinkTrigger, UploadLinkCondition> = {
  name: 'upload_link',
  states: UPLOAD_LINK_STATES,
  triggers: UPLOAD_LINK_TRIGGERS,
  transitions: [
    { from: null, trigger: 'create_link', condition: 'accepted', to: 'uploading', answer: { status: 201 } },
    {
      from: 'uploading',
      trigger: 'complete',
      condition: 'checks_pass',
      to: 'ready',
      answer: { status: 200 },
    },
    // Retry-After 15.
    {
      from: 'uploading',
      trigger: 'complete',
      condition: 'check_running',
      to: 'verifying',
      answer: { status: 202 },
    },
    // POST .../complete: "calling complete again is harmless" while the check runs.
    {
      from: 'verifying',
      trigger: 'complete',
      condition: 'check_running',
      to: 'verifying',
      answer: { status: 202 },
    },
    { from: 'verifying', trigger: 'check_finished', condition: 'file_matches', to: 'ready' },
    // The file is deleted; complete answers 422 upload_rejected.
    {
      from: 'verifying',
      trigger: 'check_finished',
      condition: 'file_differs',
      to: 'closed',
      answer: { status: 422, code: 'upload_rejected' },
    },
    // Errors, Upload links: "could not be checked within 24 hours (reason unverifiable); deleted".
    {
      from: 'verifying',
      trigger: 'check_finished',
      condition: 'unverifiable',
      to: 'failed',
      answer: { status: 422, code: 'upload_failed' },
    },
    {
      from: 'uploading',
      trigger: 'complete',
      condition: 'storage_lacks_part',
      to: 'uploading',
      answer: { status: 409, code: 'upload_incomplete' },
    },
    // Data deleted within minutes; bytes that arrived still count in the day's budget.
    { from: 'uploading', trigger: 'cancel', to: 'cancelled', answer: { status: 200 } },
    {
      from: 'verifying',
      trigger: 'cancel',
      to: 'verifying',
      answer: { status: 409, code: 'upload_being_checked' },
    },
    { from: 'ready', trigger: 'cancel', to: 'ready', answer: { status: 409, code: 'upload_closed' } },
    // Errors, Upload links: 409 upload_closed also for "DELETE on a ready or closed upload".
    { from: 'cancelled', trigger: 'cancel', to: 'cancelled', answer: { status: 409, code: 'upload_closed' } },
    { from: 'closed', trigger: 'cancel', to: 'closed', answer: { status: 409, code: 'upload_closed' } },
    // 24 hours after the link, or 2 hours after the newest token expired; later calls 410 upload_expired.
    {
      from: 'uploading',
      trigger: 'time_ran_out',
      condition: 'not_finished_in_time',
      to: 'closed',
      answer: { status: 410, code: 'upload_expired' },
    },
    // About 4 hours after creation.
    { from: 'uploading', trigger: 'time_ran_out', condition: 'never_used', to: 'closed' },
  ],
};
