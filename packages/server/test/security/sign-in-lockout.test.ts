import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SIGN_IN_FAILURES_BEFORE_SLOWING,
  SIGN_IN_FAILURES_PER_EMAIL_AND_ADDRESS,
  SignInThrottle,
} from '../../src/dashboard/session/index.js';
import { DashboardBrowser } from '../dashboard/dashboard-helpers.js';
import { type TestApp, testApp } from '../helpers/test-app.js';

const OWNER = 'owner@example.com';
const PASSWORD = 'long-enough-password';

let t: TestApp;
beforeEach(async () => {
  t = await testApp();
  await t.admin('POST', '/accounts', { email: OWNER, password: PASSWORD });
});
afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  await t.close();
});

/**
 * Settles every answer while the pacing's real-time waits are moved by fake timers (only
 * setTimeout is faked; the password hashes finish on libuv's threads, so each round also yields
 * to I/O).
 */
async function settled<T>(answers: Promise<T>[]): Promise<T[]> {
  let done = false;
  const all = Promise.all(answers).finally(() => {
    done = true;
  });
  while (!done) {
    await vi.advanceTimersByTimeAsync(250);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return all;
}

/** Lets requests run (no fake time passes) until `reached()` holds; `what` names it if it never does. */
async function until(reached: () => boolean, what: () => string): Promise<void> {
  for (let turn = 0; !reached(); turn++) {
    if (turn > 100_000) throw new Error(what());
    await vi.advanceTimersByTimeAsync(0);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Until `count` attempts have entered the pacing queue. */
const queued = (paced: { mock: { calls: unknown[] } }, count: number) =>
  until(
    () => paced.mock.calls.length >= count,
    () => `only ${paced.mock.calls.length} of ${count} attempts reached the queue`,
  );

describe('one person cannot lock another out of their e-mail', () => {
  it("admits the owner's correct password from a clean address while another address's guesses wait", async () => {
    for (let i = 0; i < SIGN_IN_FAILURES_BEFORE_SLOWING; i++) {
      expect((await new DashboardBrowser(t, '203.0.113.1').signIn(OWNER, `wrong-${i}`)).status).toBe(401);
    }
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // Ten wrong passwords at once from a second address: the e-mail is slowed down, so they queue.
    const guessers = Array.from({ length: 10 }, () => new DashboardBrowser(t, '203.0.113.2'));
    const guesses = guessers.map((browser, i) => browser.signIn(OWNER, `guess-${i}`));
    // The owner, from their own address with no failure, while those wait.
    const owner = new DashboardBrowser(t, '198.51.100.20');
    const ownerAnswer = owner.signIn(OWNER, PASSWORD);
    const [answer, ...guessAnswers] = await settled([ownerAnswer, ...guesses]);
    expect(answer?.status).toBe(303);
    expect(owner.cookies.has('sp_session')).toBe(true);
    // Queued attempts count against their own address and e-mail as they are admitted: the second
    // address gets its five for the e-mail, the rest are refused at once and never wait.
    const statuses = guessAnswers.map((one) => one.status).sort();
    expect(statuses).toEqual([
      ...Array(SIGN_IN_FAILURES_PER_EMAIL_AND_ADDRESS).fill(401),
      ...Array(10 - SIGN_IN_FAILURES_PER_EMAIL_AND_ADDRESS).fill(429),
    ]);
    const refused = guessers.find((browser) => browser.lastPage.includes('Too many failed sign-ins'));
    expect(refused?.lastPage).toContain('for this e-mail address from your address');
  }, 60_000);

  it('still refuses as busy an address that failed, once ten attempts wait for the e-mail', async () => {
    for (let i = 0; i < SIGN_IN_FAILURES_BEFORE_SLOWING - 1; i++) {
      expect((await new DashboardBrowser(t, '203.0.113.1').signIn(OWNER, `wrong-${i}`)).status).toBe(401);
    }
    expect((await new DashboardBrowser(t, '203.0.113.3').signIn(OWNER, 'wrong')).status).toBe(401);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // Ten clean addresses, one guess each: every one is admitted (none has failed).
    const paced = vi.spyOn(SignInThrottle.prototype, 'paced');
    const clean = Array.from({ length: 10 }, (_, i) =>
      new DashboardBrowser(t, `192.0.2.${10 + i}`).signIn(OWNER, `guess-${i}`),
    );
    // The eleventh is sent only once all ten wait in the e-mail's queue, however slow the machine.
    await queued(paced, 10);
    // The address that failed before is refused as busy while ten wait; nothing of it waits.
    const admitted = vi.spyOn(SignInThrottle.prototype, 'admit');
    const failedBefore = new DashboardBrowser(t, '203.0.113.3');
    const busy = failedBefore.signIn(OWNER, 'one-more');
    // Its verdict is given before any fake time passes: the ten still wait then.
    await until(
      () => admitted.mock.calls.some(([, address]) => address === '203.0.113.3'),
      () => 'the eleventh attempt never reached the throttle',
    );
    const [busyAnswer, ...others] = await settled([busy, ...clean]);
    expect(busyAnswer?.status).toBe(429);
    expect(failedBefore.lastPage).toContain('waiting to be checked');
    expect(others.map((one) => one.status)).toEqual(Array(10).fill(401));
  }, 60_000);
});
