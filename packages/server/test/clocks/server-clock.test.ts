import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLOCK_START, type TestApp, testApp } from '../helpers/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await testApp();
});
afterEach(() => t.close());

describe('virtual clock through the admin API', () => {
  it('reports the time and mode', async () => {
    expect(await (await t.admin('GET', '/clock')).json()).toEqual({
      now: CLOCK_START.toISOString(),
      mode: 'virtual',
    });
  });

  it('runs every piece of work that became due, in due-time order, before answering', async () => {
    const ran: string[] = [];
    const at = (s: number) => new Date(CLOCK_START.getTime() + s * 1000);
    t.services.dueWork.schedule(at(30), async (now) => {
      await new Promise((r) => setTimeout(r, 5));
      ran.push(`b@${now.toISOString()}`);
    });
    t.services.dueWork.schedule(at(10), (now) => {
      ran.push(`a@${now.toISOString()}`);
      // Work that schedules more work inside the window runs in the same move.
      t.services.dueWork.schedule(at(20), (later) => {
        ran.push(`a2@${later.toISOString()}`);
      });
    });
    t.services.dueWork.schedule(at(120), () => {
      ran.push('late');
    });
    const res = await t.admin('POST', '/clock', { advance_seconds: 60 });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { now: string }).now).toBe(at(60).toISOString());
    expect(ran).toEqual([
      `a@${at(10).toISOString()}`,
      `a2@${at(20).toISOString()}`,
      `b@${at(30).toISOString()}`,
    ]);
  });

  it('interleaves database-backed sources with one-off work by due time', async () => {
    const ran: string[] = [];
    const queue = [15, 45].map((s) => new Date(CLOCK_START.getTime() + s * 1000));
    t.services.dueWork.addSource({
      name: 'test-source',
      nextDueAt: () => queue[0] ?? null,
      runNext: () => {
        ran.push(`source@${queue.shift()?.toISOString()}`);
      },
    });
    t.services.dueWork.schedule(new Date(CLOCK_START.getTime() + 30_000), () => {
      ran.push('one-off');
    });
    await t.admin('POST', '/clock', { now: new Date(CLOCK_START.getTime() + 50_000).toISOString() });
    expect(ran).toEqual([
      `source@${new Date(CLOCK_START.getTime() + 15_000).toISOString()}`,
      'one-off',
      `source@${new Date(CLOCK_START.getTime() + 45_000).toISOString()}`,
    ]);
  });

  it.each([
    [{ now: '2020-01-01T00:00:00Z' }],
    [{ advance_seconds: -1 }],
    [{}],
    [{ now: '2030-01-01T00:00:00Z', advance_seconds: 1 }],
  ])('refuses %j with 400 and leaves the clock where it was', async (body) => {
    const res = await t.admin('POST', '/clock', body);
    expect(res.status).toBe(400);
    expect(t.services.clock.now().toISOString()).toBe(CLOCK_START.toISOString());
  });

  it('refuses to move a system clock', async () => {
    const sys = await testApp({ clock: 'system' });
    try {
      expect((await sys.admin('POST', '/clock', { advance_seconds: 5 })).status).toBe(400);
      expect(((await (await sys.admin('GET', '/clock')).json()) as { mode: string }).mode).toBe('system');
    } finally {
      await sys.close();
    }
  });
});
