import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAccount } from '../../src/domain/accounts.js';
import { type RunningServer, startServer } from '../../src/start-server.js';

const ADMIN = 'slices-admin-token';
/** Enough accounts that deleting them takes many 50 ms slices even on a fast machine. */
const ACCOUNTS = 1500;

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

    let deleted = false;
    const deletion = admin('DELETE', `/clocks/${clock.clock_id}`).then(async (response) => {
      deleted = true;
      return response.status;
    });
    // Each /health answer notes how many accounts were left when it was answered.
    const seenDuring: number[] = [];
    while (!deleted) {
      const health = await fetch(`${running.url}/health`);
      expect(health.status).toBe(200);
      if (!deleted) seenDuring.push(remaining());
    }
    expect(await deletion).toBe(200);
    expect(remaining()).toBe(0);
    // Answered between slices: some answer came while part of the accounts was deleted, part not.
    expect(seenDuring.some((left) => left > 0 && left < ACCOUNTS)).toBe(true);
  }, 120_000);
});
