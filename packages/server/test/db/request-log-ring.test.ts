import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REQUEST_LOG_KEPT, type RequestLogRecord } from '../../src/db/request-log-repo.js';
import { type TestApp, testApp } from '../helpers/test-app.js';

/**
 * The request log keeps its last records field by field (db/request-log-ring.ts): every record
 * added must be listed back exactly as it was given, the newest first, across the ring's wrap and
 * an account's records dropped from the middle.
 */
let t: TestApp;
beforeEach(async () => {
  t = await testApp();
});
afterEach(async () => t.close());

const START = Date.parse('2026-03-02T10:00:00.000Z');

function record(i: number): RequestLogRecord {
  return {
    atMs: START + i * 1000,
    method: i % 3 === 0 ? 'POST' : 'GET',
    // A new string each time, equal to the previous one's for runs of requests to one address.
    path: `/api/v2/${i % 5 < 3 ? 'posts' : `posts/${i}`}`,
    status: i % 7 === 0 ? 429 : 200,
    errorCode: i % 7 === 0 ? 'rate_limited' : null,
    durationMs: i % 11,
    accountId: i % 4 === 0 ? null : `account-${i % 4}`,
    clientAddress: i % 5 === 0 ? null : `192.0.2.${i % 5}`,
    idempotencyKey: i % 6 === 0 ? `key-${i}` : null,
    replayed: i % 6 === 0 && i % 12 === 0,
  };
}

const asListed = (r: RequestLogRecord) => {
  const { atMs, ...rest } = r;
  return { at: new Date(atMs).toISOString(), ...rest };
};

describe('the request log ring', () => {
  it('lists every field of the last records as added, newest first, after the ring wrapped', () => {
    const log = t.services.repos.requestLog;
    const before = log.list({ limit: REQUEST_LOG_KEPT }).length;
    const added = REQUEST_LOG_KEPT + 37;
    for (let i = 0; i < added; i++) log.add(record(i));
    const listed = log.list({ limit: REQUEST_LOG_KEPT });
    expect(before).toBeLessThan(REQUEST_LOG_KEPT);
    expect(listed).toHaveLength(REQUEST_LOG_KEPT);
    const expected = [];
    for (let i = added - 1; i >= added - REQUEST_LOG_KEPT; i--) expected.push(asListed(record(i)));
    expect(listed).toEqual(expected);
    expect(log.list({ accountId: 'account-1', limit: 3 })).toEqual(
      [added - 4, added - 8, added - 12].map((i) => asListed(record(i))),
    );
  });

  it("keeps the others' records in order when an account's are dropped", () => {
    const log = t.services.repos.requestLog;
    for (let i = 0; i < REQUEST_LOG_KEPT + 5; i++) log.add(record(i));
    log.invalidateAccount('account-2');
    const listed = log.list({ limit: REQUEST_LOG_KEPT });
    expect(listed.some((entry) => entry.accountId === 'account-2')).toBe(false);
    const expected = [];
    for (let i = REQUEST_LOG_KEPT + 4; i >= 5; i--) if (i % 4 !== 2) expected.push(asListed(record(i)));
    expect(listed.slice(0, expected.length)).toEqual(expected);
    log.add(record(REQUEST_LOG_KEPT + 5));
    expect(log.list({ limit: 1 })).toEqual([asListed(record(REQUEST_LOG_KEPT + 5))]);
  });
});
