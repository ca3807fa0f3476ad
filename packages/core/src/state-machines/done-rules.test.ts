import { describe, expect, it } from 'vitest';
import type { Platform } from '../platforms.js';
import type { PostStatus, ScheduledPostOutcome } from '../schemas/post-record.js';
import {
  isPostRecordDone,
  isScheduledPostDone,
  postRecordDoneAt,
  type ScheduledResultStatus,
  scheduledOutcomeFromResults,
} from './done-rules.js';

const SENT = new Date('2026-05-01T12:00:00Z');
const after = (seconds: number) => new Date(SENT.getTime() + seconds * 1000);

describe('isPostRecordDone', () => {
  it.each<[PostStatus, boolean]>([
    ['success', true],
    ['failed', true],
    ['processing', false],
  ])('treats %s as done: %s, at once', (status, done) => {
    expect(isPostRecordDone(status, 'x', SENT, SENT)).toBe(done);
  });

  it.each<[Platform, number]>([
    ['pinterest', 600],
    ['threads', 600],
    ['youtube', 7_200],
    ['x', 90_000],
    ['linkedin', 90_000],
    ['skool', 90_000],
    ['facebook', 172_800],
    ['instagram', 172_800],
    ['tiktok', 172_800],
  ])('makes a %s timeout done %s seconds after it was sent', (platform, seconds) => {
    expect(isPostRecordDone('timeout', platform, SENT, after(seconds - 1))).toBe(false);
    expect(isPostRecordDone('timeout', platform, SENT, after(seconds))).toBe(true);
    expect(postRecordDoneAt(platform, SENT)).toEqual(after(seconds));
  });

  it('never makes a processing post done, however old', () => {
    expect(isPostRecordDone('processing', 'pinterest', SENT, after(10 * 86_400))).toBe(false);
  });
});

describe('isScheduledPostDone', () => {
  it.each<[ScheduledPostOutcome, boolean[], boolean]>([
    ['success', [], true],
    ['failed', [false], true],
    ['partly_failed', [true, false], true],
    ['cancelled', [], true],
    ['waiting', [], false],
    ['sending', [true], false],
    ['unconfirmed', [true, true], true],
    ['unconfirmed', [true, false], false],
    ['unconfirmed', [false], false],
  ])('treats %s with results done %j as done: %s', (outcome, resultsDone, done) => {
    expect(isScheduledPostDone(outcome, resultsDone)).toBe(done);
  });
});

describe('scheduledOutcomeFromResults', () => {
  it.each<[ScheduledResultStatus[], ScheduledPostOutcome]>([
    [['success'], 'success'],
    [['success', 'success'], 'success'],
    [['failed'], 'failed'],
    [['failed', 'not_sent'], 'failed'],
    [['success', 'failed'], 'partly_failed'],
    [['success', 'not_sent'], 'partly_failed'],
    [['success', 'timeout'], 'unconfirmed'],
    [['failed', 'timeout'], 'unconfirmed'],
    [['timeout'], 'unconfirmed'],
    [['success', 'processing'], 'sending'],
    [['pending', 'timeout'], 'sending'],
  ])('derives %j as %s', (statuses, outcome) => {
    expect(scheduledOutcomeFromResults(statuses)).toBe(outcome);
  });

  it('refuses an empty list of results', () => {
    expect(() => scheduledOutcomeFromResults([])).toThrow(RangeError);
  });
});
