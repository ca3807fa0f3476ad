import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DashboardBrowser } from '../dashboard/dashboard-helpers.js';
import { type TestApp, testApp } from '../helpers/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await testApp();
});
afterEach(() => t.close());

describe("the dashboard never moves the server's clock (every tenant's sessions, tokens and posts read it)", () => {
  it('shows a Free sign-up on the server clock the time and how to get a test clock, with no form', async () => {
    const person = new DashboardBrowser(t);
    await person.signUp('free@example.com', 'long-enough-password', 'free');
    expect(person.lastPage).toContain('href="/dashboard/clock"');
    expect((await person.get('/dashboard/clock')).status).toBe(200);
    expect(person.lastPage).toContain('id="clock-now"');
    expect(person.lastPage).toContain('POST /admin/v1/clocks');
    expect(person.lastPage).not.toContain('action="/dashboard/clock/');
  });

  it.each([
    ['a step', '/dashboard/clock/advance', { seconds: '86400' }],
    ['a time', '/dashboard/clock/to', { to: '2030-01-01T00:00' }],
  ])(
    'refuses %s sent by an account on the server clock with 403, and the clock stays',
    async (_what, path, form) => {
      const person = new DashboardBrowser(t);
      await person.signUp('free@example.com', 'long-enough-password', 'free');
      await person.get('/dashboard/clock');
      const before = t.services.clock.now().toISOString();
      const answer = await person.post(path, form);
      expect(answer.status).toBe(403);
      expect(person.lastPage).toContain('only the admin API moves it');
      expect(t.services.clock.now().toISOString()).toBe(before);
    },
  );
});
