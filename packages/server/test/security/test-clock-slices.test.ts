import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAccount } from '../../src/domain/accounts.js';
import { type RunningServer, startServer } from '../../src/start-server.js';

const ADMIN = 'slices-admin-token';
const ACCOUNTS = 200;
/**
 * CPU each account's deletion is made to cost, as a big account's costs on a slow machine. The
 * deletion then takes about a second of work, some twenty 50 ms slices, on any machine: how fast this
 * one deletes an empty account never decides whether there is a slice to answer between.
 */
const DELETION_COST_MS = 5;

let running: RunningServer;
beforeEach(async () => {
  running = await startServer(
    { memory: true, port: 0, host: '127.0.0.1', clock: 'virtual', adminToken: ADMIN },
    () => undefined,
  );
});
afterEach(() => running.close());

function admin(method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${running.url}/admin/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // spinning on purpose: the deletion holds the event loop as real work does
  }
}

describe('a big test clock is deleted in slices that yield to other requests', () => {
  it(`answers /health while the ${ACCOUNTS} accounts of a test clock are being deleted`, async () => {
    const { services } = running.socialpub;
    const clock = (await (await admin('POST', '/clocks', { now: '2026-03-01T00:00:00Z' })).json()) as {
      clock_id: string;
    };
    for (let i = 0; i < ACCOUNTS; i++) {
      await createAccount(services.repos, services.clocks, services.passwords, { clock_id: clock.clock_id });
    }
    const remaining = () =>
      (
        services.db.prepare('SELECT COUNT(*) AS n FROM accounts WHERE clock_id = ?').get(clock.clock_id) as {
          n: number;
        }
      ).n;
    const deletion = services.accountDeletion;
    const deleteOne = deletion.delete.bind(deletion);
    let started = 0;
    deletion.delete = (accountId: string) => {
      started++;
      busy(DELETION_COST_MS);
      return deleteOne(accountId);
    };

    let deleted = false;
    const answer = admin('DELETE', `/clocks/${clock.clock_id}`).then((response) => {
      deleted = true;
      return response.status;
    });
    // The events this waits for: each /health answer, and the deletion's own answer. Each /health
    // answer notes how many accounts were left when it arrived.
    const seenDuring: number[] = [];
    while (!deleted) {
      const health = await fetch(`${running.url}/health`);
      expect(health.status).toBe(200);
      if (!deleted) seenDuring.push(remaining());
    }
    expect(await answer).toBe(200);
    expect(started).toBe(ACCOUNTS);
    expect(remaining()).toBe(0);
    // Answered between slices: some answer came while part of the accounts was deleted, part not.
    expect(seenDuring.some((left) => left > 0 && left < ACCOUNTS)).toBe(true);
  }, 120_000);
});
