import { LATEST_CLOCK_TIME } from '@socialpub/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config.js';
import { DashboardBrowser } from '../dashboard/dashboard-helpers.js';
import { accountWithProfile, type TestApp, testApp } from '../helpers/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await testApp();
});
afterEach(() => t.close());

interface AdminRefusal {
  error: { message: string; parameter?: string };
}

async function json(response: Response): Promise<{ status: number; body: AdminRefusal }> {
  return { status: response.status, body: (await response.json()) as AdminRefusal };
}

const PAST = '9999-12-31T00:00:01Z';

describe('no clock moves past 9999-12-31T00:00:00Z', () => {
  it("refuses the server clock's move past it with 400 saying so, in both forms, and the clock stays", async () => {
    const before = t.services.clock.now().toISOString();
    const refused = await json(await t.admin('POST', '/clock', { now: PAST }));
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('No clock moves past 9999-12-31T00:00:00Z');
    expect((await t.admin('POST', '/clock', { now: '+010000-01-01T00:00:00Z' })).status).toBe(400);
    expect((await json(await t.admin('POST', '/clock', { now: LATEST_CLOCK_TIME }))).status).toBe(200);
    const past = await json(await t.admin('POST', '/clock', { advance_seconds: 1 }));
    expect(past.status).toBe(400);
    expect(past.body.error.message).toContain('No clock moves past 9999-12-31T00:00:00Z');
    expect(past.body.error.parameter).toBe('advance_seconds');
    expect(t.services.clock.now().toISOString()).toBe(LATEST_CLOCK_TIME);
    expect(before < LATEST_CLOCK_TIME).toBe(true);
  });

  it('refuses a test clock created or moved past it', async () => {
    expect((await t.admin('POST', '/clocks', { now: PAST })).status).toBe(400);
    const clock = (await (await t.admin('POST', '/clocks', { now: '9999-12-30T00:00:00Z' })).json()) as {
      clock_id: string;
    };
    const moved = await json(
      await t.admin('POST', `/clocks/${clock.clock_id}`, { advance_seconds: 2 * 86400 }),
    );
    expect(moved.status).toBe(400);
    expect(moved.body.error.message).toContain('9999-12-31T00:00:00Z');
    expect(t.services.clocks.byId(clock.clock_id)?.now().toISOString()).toBe('9999-12-30T00:00:00.000Z');
  });

  it('refuses SOCIALPUB_CLOCK_START past it at start-up', () => {
    expect(() =>
      parseConfig([], { SOCIALPUB_CLOCK: 'virtual', SOCIALPUB_CLOCK_START: PAST } as NodeJS.ProcessEnv),
    ).toThrow(/9999-12-31T00:00:00Z/);
  });

  it("refuses the dashboard form's move of a test clock past it, beside the field", async () => {
    const clock = (await (await t.admin('POST', '/clocks', { now: '9999-12-30T12:00:00Z' })).json()) as {
      clock_id: string;
    };
    await t.admin('POST', '/accounts', {
      email: 'late@example.com',
      password: 'long-enough-password',
      clock_id: clock.clock_id,
    });
    const person = new DashboardBrowser(t);
    await person.signIn('late@example.com', 'long-enough-password');
    await person.get('/dashboard/clock');
    expect((await person.post('/dashboard/clock/to', { to: '9999-12-31T00:01' })).status).toBe(400);
    expect(person.lastPage).toContain('No clock moves past 9999-12-31T00:00:00Z');
    expect((await person.post('/dashboard/clock/advance', { seconds: '86400' })).status).toBe(400);
    expect(t.services.clocks.byId(clock.clock_id)?.now().toISOString()).toBe('9999-12-30T12:00:00.000Z');
  });

  it('renders every page and answers the API at the latest time accepted', async () => {
    const fixture = await accountWithProfile(t, { linkedin: {} });
    await t.admin('POST', '/accounts', { email: 'owner@example.com', password: 'long-enough-password' });
    expect((await t.admin('POST', '/clock', { now: LATEST_CLOCK_TIME })).status).toBe(200);
    const person = new DashboardBrowser(t);
    expect((await person.signIn('owner@example.com', 'long-enough-password')).headers.get('location')).toBe(
      '/dashboard',
    );
    for (const path of [
      '/dashboard',
      '/dashboard/api-keys',
      '/dashboard/profiles',
      '/dashboard/scheduled',
      '/dashboard/scheduled?month=9999-12',
      '/dashboard/history',
      '/dashboard/media',
      '/dashboard/connected-apps',
      '/dashboard/plan',
      '/dashboard/clock',
    ]) {
      expect({ path, status: (await person.get(path)).status }).toEqual({ path, status: 200 });
    }
    // The calendar offers no month past year 9999.
    await person.get('/dashboard/scheduled?month=9999-12');
    expect(person.lastPage).toContain('month=9999-11');
    expect(person.lastPage).not.toContain('Next month');
    for (const path of ['/api/v2/accounts', '/api/v2/posts', '/api/v2/media/files']) {
      const answer = await t.app.request(path, { headers: { authorization: `Bearer ${fixture.apiKey}` } });
      expect({ path, status: answer.status }).toEqual({ path, status: 200 });
    }
  });
});
