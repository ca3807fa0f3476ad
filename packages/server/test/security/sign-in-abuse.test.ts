import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VirtualClock } from '../../src/clocks/virtual-clock.js';
import {
  SIGN_IN_FAILURES_BEFORE_SLOWING,
  SIGN_UPS_PER_ADDRESS,
  SignInThrottle,
} from '../../src/dashboard/session/index.js';
import { DashboardBrowser } from '../dashboard/dashboard-helpers.js';
import { type TestApp, tableCounts, testApp } from '../helpers/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await testApp();
});
afterEach(() => t.close());

describe('an e-mail tried from many addresses is slowed down, never locked', () => {
  it('checks its attempts one at a time after a wait that doubles with each failure', async () => {
    const clock = new VirtualClock(new Date('2026-03-01T10:00:00Z'));
    const waits: number[] = [];
    const order: string[] = [];
    let release: () => void = () => {};
    const throttle = new SignInThrottle(clock, (ms) => {
      waits.push(ms);
      return new Promise((resolve) => {
        release = resolve;
      });
    });
    for (let i = 0; i < SIGN_IN_FAILURES_BEFORE_SLOWING; i++) {
      expect(throttle.waitMs('target@example.com')).toBe(0);
      throttle.recordFailure('target@example.com', `203.0.113.${i}`);
    }
    expect(throttle.waitMs('target@example.com')).toBe(1000);
    expect(throttle.waitMs('someone-else@example.com')).toBe(0);
    // Every address may still try (no lock), but the attempts queue behind each other.
    expect(throttle.check('TARGET@example.com', '198.51.100.1').allowed).toBe(true);
    const first = throttle.paced('target@example.com', async () => order.push('first'));
    const second = throttle.paced('target@example.com', async () => order.push('second'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(waits).toEqual([1000]);
    expect(order).toEqual([]);
    release();
    await first;
    expect(order).toEqual(['first']);
    release();
    await second;
    expect(order).toEqual(['first', 'second']);
    throttle.recordFailure('target@example.com', '198.51.100.1');
    expect(throttle.waitMs('target@example.com')).toBe(2000);
  });
});

describe('sign-up is throttled per address', () => {
  it(`creates ${SIGN_UPS_PER_ADDRESS} accounts an hour from one address, then answers 429 and creates nothing`, async () => {
    for (let i = 0; i < SIGN_UPS_PER_ADDRESS; i++) {
      expect((await new DashboardBrowser(t, '192.0.2.80').signUp(`many${i}@example.com`)).status).toBe(303);
    }
    const before = tableCounts(t);
    const refused = new DashboardBrowser(t, '192.0.2.80');
    expect((await refused.signUp('one-more@example.com')).status).toBe(429);
    expect(refused.lastPage).toContain('Too many accounts were created from your address');
    expect(tableCounts(t)).toEqual(before);
    expect((await new DashboardBrowser(t, '192.0.2.81').signUp('elsewhere@example.com')).status).toBe(303);
    await t.admin('POST', '/clock', { advance_seconds: 3600 });
    expect((await new DashboardBrowser(t, '192.0.2.80').signUp('later@example.com')).status).toBe(303);
  }, 60_000);
});

describe('the signed-out CSRF token is one the server issued', () => {
  it('refuses a planted sp_csrf cookie with a matching form field, and changes nothing', async () => {
    await t.admin('POST', '/accounts', { email: 'victim@example.com', password: 'long-enough-password' });
    const planted = 'A'.repeat(43);
    const before = tableCounts(t);
    const forged = await t.app.request(
      '/dashboard/sign-in',
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `sp_csrf=${planted}` },
        body: new URLSearchParams({
          _csrf: planted,
          email: 'victim@example.com',
          password: 'long-enough-password',
        }).toString(),
        redirect: 'manual',
      },
      { incoming: { socket: { remoteAddress: '198.51.100.50' } } },
    );
    expect(forged.status).toBe(403);
    expect(forged.headers.getSetCookie().some((line) => line.startsWith('sp_session='))).toBe(false);
    expect(tableCounts(t)).toEqual(before);
  });

  it('accepts the token of the cookie the server set', async () => {
    await t.admin('POST', '/accounts', { email: 'owner@example.com', password: 'long-enough-password' });
    const browser = new DashboardBrowser(t);
    expect((await browser.signIn('owner@example.com', 'long-enough-password')).status).toBe(303);
    expect(browser.cookies.has('sp_session')).toBe(true);
  });
});
