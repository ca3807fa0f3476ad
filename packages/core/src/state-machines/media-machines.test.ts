import { describe, expect, it } from 'vitest';
import { MEDIA_IMPORT_MACHINE, type MediaImportCondition, type MediaImportState } from './media-import.js';
import { canTransition, StateTransitionError, transition, transitionRow } from './state-machine.js';
import {
  UPLOAD_LINK_MACHINE,
  type UploadLinkCondition,
  type UploadLinkState,
  type UploadLinkTrigger,
} from './upload-link.js';

describe('media import machine', () => {
  it.each<[MediaImportState | null, MediaImportCondition, MediaImportState, number | undefined]>([
    [null, 'finished_in_time', 'ready', 200],
    [null, 'continues_in_background', 'processing', 202],
    ['processing', 'completes', 'ready', undefined],
    ['processing', 'fails', 'failed', undefined],
  ])('moves from %s when %s to %s (answer %s)', (from, condition, to, status) => {
    const trigger = from === null ? 'import_requested' : 'background_import';
    const row = transitionRow(MEDIA_IMPORT_MACHINE, from, { trigger, condition });
    expect(row.to).toBe(to);
    expect(row.answer?.status).toBe(status);
  });

  it.each<[MediaImportState, MediaImportState]>([
    ['ready', 'processing'],
    ['failed', 'ready'],
    ['ready', 'failed'],
  ])('never moves from %s to %s', (from, to) => {
    expect(canTransition(MEDIA_IMPORT_MACHINE, from, to)).toBe(false);
    expect(() => transition(MEDIA_IMPORT_MACHINE, from, to)).toThrow(StateTransitionError);
  });

  it('refuses an ambiguous move that does not name its condition', () => {
    expect(() => transition(MEDIA_IMPORT_MACHINE, 'processing', 'background_import')).toThrow(/ambiguous/);
  });
});

describe('upload link machine', () => {
  it.each<
    [
      UploadLinkState | null,
      UploadLinkTrigger,
      UploadLinkCondition | undefined,
      UploadLinkState,
      number | undefined,
      string | undefined,
    ]
  >([
    [null, 'create_link', 'accepted', 'uploading', 201, undefined],
    ['uploading', 'complete', 'checks_pass', 'ready', 200, undefined],
    ['uploading', 'complete', 'check_running', 'verifying', 202, undefined],
    ['verifying', 'complete', 'check_running', 'verifying', 202, undefined],
    ['verifying', 'check_finished', 'file_matches', 'ready', undefined, undefined],
    ['verifying', 'check_finished', 'file_differs', 'closed', 422, 'upload_rejected'],
    ['verifying', 'check_finished', 'unverifiable', 'failed', 422, 'upload_failed'],
    ['uploading', 'complete', 'storage_lacks_part', 'uploading', 409, 'upload_incomplete'],
    ['uploading', 'cancel', undefined, 'cancelled', 200, undefined],
    ['verifying', 'cancel', undefined, 'verifying', 409, 'upload_being_checked'],
    ['ready', 'cancel', undefined, 'ready', 409, 'upload_closed'],
    ['cancelled', 'cancel', undefined, 'cancelled', 409, 'upload_closed'],
    ['closed', 'cancel', undefined, 'closed', 409, 'upload_closed'],
    ['uploading', 'time_ran_out', 'not_finished_in_time', 'closed', 410, 'upload_expired'],
    ['uploading', 'time_ran_out', 'never_used', 'closed', undefined, undefined],
  ])('moves from %s on %s (%s) to %s answering %s %s', (from, trigger, condition, to, status, code) => {
    const row = transitionRow(UPLOAD_LINK_MACHINE, from, { trigger, condition });
    expect(row.to).toBe(to);
    expect(row.answer?.status).toBe(status);
    expect(row.answer?.code).toBe(code);
  });

  it.each<[UploadLinkState, UploadLinkTrigger]>([
    ['ready', 'complete'],
    ['closed', 'complete'],
    ['cancelled', 'time_ran_out'],
    ['ready', 'check_finished'],
    ['failed', 'cancel'],
  ])('has no move from %s on %s', (from, trigger) => {
    expect(canTransition(UPLOAD_LINK_MACHINE, from, trigger)).toBe(false);
    expect(() => transition(UPLOAD_LINK_MACHINE, from, trigger)).toThrow(StateTransitionError);
  });

  it('never reopens a ready upload', () => {
    expect(canTransition(UPLOAD_LINK_MACHINE, 'ready', 'uploading')).toBe(false);
    expect(canTransition(UPLOAD_LINK_MACHINE, 'ready', 'verifying')).toBe(false);
  });

  it('keeps state names and trigger names apart so a bare string is never ambiguous', () => {
    for (const machine of [UPLOAD_LINK_MACHINE, MEDIA_IMPORT_MACHINE]) {
      const states = new Set<string>(machine.states);
      expect(machine.triggers.filter((trigger) => states.has(trigger))).toEqual([]);
      for (const row of machine.transitions) {
        expect(machine.states).toContain(row.to);
        if (row.from !== null) expect(machine.states).toContain(row.from);
      }
    }
  });
});
