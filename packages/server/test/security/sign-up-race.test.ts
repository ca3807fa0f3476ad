import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SIGN_UPS_PER_ADDRESS } from '../../src/dashboard/session/index.js';
import { DashboardBrowser } from '../dashboard/dashboard-helpers.js';
import { type TestApp, testApp } from '../helpers/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await testApp();
});
afterEach(() => t.close());

const accounts = () => (t.services.db.prepare('SELECT COUNT(*) AS n FROM accounts').get() as { n: number }).n;

describe('sign-ups sent at once from one address', () => {
  it(`create at most ${SIGN_UPS_PER_ADDRESS}: each counts from the moment it is admitted`, async () => {
    const before = accounts();
    const browsers = Array.from(
      { length: SIGN_UPS_PER_ADDRESS + 5 },
      () => new DashboardBrowser(t, '192.0.2.90'),
    );
    for (const browser of browsers) await browser.get('/dashboard/sign-up');
    const answers = await Promise.all(
      browsers.map((browser, i) =>
        browser.post('/dashboard/sign-up', {
          email: `at-once-${i}@example.com`,
          password: 'long-enough-password',
          plan: 'skilled',
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(SIGN_UPS_PER_ADDRESS).fill(303), ...Array(5).fill(429)]);
    expect(accounts()).toBe(before + SIGN_UPS_PER_ADDRESS);
  }, 60_000);

  it('gives a refused sign-up (e-mail taken) its place back', async () => {
    await new DashboardBrowser(t, '192.0.2.91').signUp('taken@example.com');
    for (let i = 0; i < 3; i++) {
      expect((await new DashboardBrowser(t, '192.0.2.92').signUp('taken@example.com')).status).toBe(409);
    }
    for (let i = 0; i < SIGN_UPS_PER_ADDRESS; i++) {
      expect((await new DashboardBrowser(t, '192.0.2.92').signUp(`later-${i}@example.com`)).status).toBe(303);
    }
  }, 60_000);
});
