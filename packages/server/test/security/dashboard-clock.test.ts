import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DashboardBrowser } from '../dashboard/dashboard-helpers.js';
import { type TestApp, testApp } from '../helpers/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await testApp();
});
afterEach(() => t.close());

describe("the dashboard never moves the server's clock (every tenant's sessions, tokens and posts read it)", () => {
  it('shows a Free sign-up on the server clock the time and the start of its own test clock, no move', async () => {
    const person = new DashboardBrowser(t);
    await person.signUp('free@example.com', 'long-enough-password', 'free');
    expect(person.lastPage).toContain('href="/dashboard/clock"');
    expect((await person.get('/dashboard/clock')).status).toBe(200);
    expect(person.lastPage).toContain('id="clock-now"');
    expect(person.lastPage).toContain('action="/dashboard/clock/start"');
    expect(person.lastPage).not.toContain('action="/dashboard/clock/advance"');
    expect(person.lastPage).not.toContain('action="/dashboard/clock/to"');
  });

  it('moves a started own clock, never the server clock, and refuses moves of a shared test clock', async () => {
    const person = new DashboardBrowser(t);
    await person.signUp('own@example.com', 'long-enough-password', 'free');
    await person.get('/dashboard/clock');
    const before = t.services.clock.now().toISOString();
    expect((await person.post('/dashboard/clock/start', {})).status).toBe(303);
    await person.get('/dashboard/clock');
    expect((await person.post('/dashboard/clock/advance', { seconds: '86400' })).status).toBe(303);
    expect(t.services.clock.now().toISOString()).toBe(before);

    const clock = (await (await t.admin('POST', '/clocks', { now: before })).json()) as { clock_id: string };
    for (const email of ['one@example.com', 'two@example.com']) {
      await t.admin('POST', '/accounts', {
        email,
        password: 'long-enough-password',
        clock_id: clock.clock_id,
      });
    }
    const shared = new DashboardBrowser(t, '198.51.100.20');
    await shared.signIn('one@example.com', 'long-enough-password');
    await shared.get('/dashboard/clock');
    expect(shared.lastPage).toContain('shared by 2 accounts');
    expect(shared.lastPage).not.toContain('action="/dashboard/clock/');
    expect((await shared.post('/dashboard/clock/advance', { seconds: '60' })).status).toBe(403);
    expect(t.services.clocks.byId(clock.clock_id)?.now().toISOString()).toBe(before);
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
