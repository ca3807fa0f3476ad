import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../src/db/database.js';
import {
  REQUEST_LOG_KEPT,
  type RequestLogRecord,
  RequestLogRepository,
} from '../../src/db/request-log-repo.js';
import { WriteBehind } from '../../src/db/write-behind.js';

// The shared schedule of what is written behind the answers (db/write-behind.ts) and the request
// log's ring on top of it. The end-to-end side (a clean shutdown keeps everything, a restart shows
// it) is in write-behind.test.ts.

const record = (i: number, accountId: string | null = null): RequestLogRecord => ({
  atMs: Date.UTC(2026, 0, 1, 0, 0, 0, i),
  method: 'GET',
  path: `/p${i}`,
  status: 200,
  errorCode: null,
  durationMs: 1,
  accountId,
  clientAddress: '127.0.0.1',
  idempotencyKey: null,
  replayed: false,
});

const savedPaths = (db: ReturnType<typeof openDatabase>) =>
  (db.prepare('SELECT path FROM request_log ORDER BY id').all() as { path: string }[]).map((r) => r.path);

afterEach(() => {
  vi.useRealTimers();
});

describe('the write-behind schedule', () => {
  it('writes what waits once the delay has passed, in one transaction, and nothing before', () => {
    vi.useFakeTimers();
    const db = openDatabase({ memory: true });
    const schedule = new WriteBehind(db, { delayMs: 200, maxWaiting: 1000 });
    const log = new RequestLogRepository(db, schedule);
    log.add(record(1));
    log.add(record(2));
    vi.advanceTimersByTime(199);
    expect(savedPaths(db)).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(savedPaths(db)).toEqual(['/p1', '/p2']);
  });

  it('writes at once when maxWaiting changes wait', () => {
    const db = openDatabase({ memory: true });
    const schedule = new WriteBehind(db, { delayMs: 60_000, maxWaiting: 3 });
    const log = new RequestLogRepository(db, schedule);
    log.add(record(1));
    log.add(record(2));
    expect(savedPaths(db)).toEqual([]);
    log.add(record(3));
    expect(savedPaths(db)).toEqual(['/p1', '/p2', '/p3']);
  });

  it('counts rows, not changes: a full ring of unsaved records is one ring however many requests follow', () => {
    const db = openDatabase({ memory: true });
    const schedule = new WriteBehind(db, { delayMs: 60_000, maxWaiting: REQUEST_LOG_KEPT + 1 });
    const log = new RequestLogRepository(db, schedule);
    for (let i = 0; i < 3 * REQUEST_LOG_KEPT; i++) log.add(record(i));
    expect(savedPaths(db)).toEqual([]);
    schedule.flush();
    expect(savedPaths(db)).toHaveLength(REQUEST_LOG_KEPT);
  });

  it('tries a failed timed write again one period later, with no new row waiting', () => {
    vi.useFakeTimers();
    const failures = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const db = openDatabase({ memory: true });
    const schedule = new WriteBehind(db, { delayMs: 200, maxWaiting: 1000 });
    const log = new RequestLogRepository(db, schedule);
    log.add(record(1));
    db.exec('ALTER TABLE request_log RENAME TO request_log_away');
    vi.advanceTimersByTime(200);
    expect(failures).toHaveBeenCalledTimes(1);
    db.exec('ALTER TABLE request_log_away RENAME TO request_log');
    expect(savedPaths(db)).toEqual([]);
    vi.advanceTimersByTime(200);
    expect(savedPaths(db)).toEqual(['/p1']);
    failures.mockRestore();
  });

  it('forgets nothing when a write fails, and writes it all on the next flush', () => {
    const db = openDatabase({ memory: true });
    const schedule = new WriteBehind(db, { delayMs: 60_000, maxWaiting: 1000 });
    const log = new RequestLogRepository(db, schedule);
    log.add(record(1));
    db.exec('ALTER TABLE request_log RENAME TO request_log_away');
    expect(() => schedule.flush()).toThrow();
    db.exec('ALTER TABLE request_log_away RENAME TO request_log');
    log.add(record(2));
    schedule.flush();
    expect(savedPaths(db)).toEqual(['/p1', '/p2']);
  });
});

describe('the request log ring', () => {
  it('saves only the rows that outlive the trim, however many requests waited', () => {
    const db = openDatabase({ memory: true });
    const schedule = new WriteBehind(db, { delayMs: 60_000, maxWaiting: 1_000_000 });
    const log = new RequestLogRepository(db, schedule);
    const inserts = vi.spyOn(db, 'prepare');
    for (let i = 0; i < 3 * REQUEST_LOG_KEPT; i++) log.add(record(i));
    schedule.flush();
    const saved = savedPaths(db);
    expect(saved).toHaveLength(REQUEST_LOG_KEPT);
    expect(saved[0]).toBe(`/p${2 * REQUEST_LOG_KEPT}`);
    expect(saved.at(-1)).toBe(`/p${3 * REQUEST_LOG_KEPT - 1}`);
    // 1,000 rows in statements of 50: twenty inserts and the trim, not 3,000 rows.
    const insertCalls = inserts.mock.calls.filter(([sql]) =>
      String(sql).startsWith('INSERT INTO request_log'),
    );
    expect(insertCalls).toHaveLength(REQUEST_LOG_KEPT / 50);
  });

  it('lists newest first from memory, filtered by account, and comes back after a reopen', () => {
    const db = openDatabase({ memory: true });
    const schedule = new WriteBehind(db, { delayMs: 60_000, maxWaiting: 1_000_000 });
    const log = new RequestLogRepository(db, schedule);
    for (let i = 0; i < 5; i++) log.add(record(i, i % 2 === 0 ? 'acct-a' : 'acct-b'));
    expect(log.list({ limit: 2 }).map((e) => e.path)).toEqual(['/p4', '/p3']);
    expect(log.list({ accountId: 'acct-b', limit: 10 }).map((e) => e.path)).toEqual(['/p3', '/p1']);
    expect(log.list({ limit: 1 })[0]?.at).toBe(new Date(Date.UTC(2026, 0, 1, 0, 0, 0, 4)).toISOString());
    schedule.flush();
    const reopened = new RequestLogRepository(db, new WriteBehind(db));
    expect(reopened.list({ limit: 10 }).map((e) => e.path)).toEqual(['/p4', '/p3', '/p2', '/p1', '/p0']);
    reopened.add(record(5, 'acct-a'));
    reopened.add(record(6, 'acct-b'));
    reopened.invalidateAccount('acct-a');
    expect(reopened.list({ limit: 10 }).map((e) => e.path)).toEqual(['/p6', '/p3', '/p1']);
    // What had not been saved yet and was not the deleted account's is still saved.
    db.prepare("DELETE FROM request_log WHERE account_id = 'acct-a'").run();
    reopened.writeWaiting()?.();
    expect(savedPaths(db)).toEqual(['/p1', '/p3', '/p6']);
  });
});
