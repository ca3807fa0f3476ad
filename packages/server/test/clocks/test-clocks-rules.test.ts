import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedPosts, sendPost, setClock } from '../helpers/publishing.js';
import { accountWithProfile, CLOCK_START, type Fixture, type TestApp, testApp } from '../helpers/test-app.js';

/**
 * Issue 14, isolation of the allowance and post-record rules: advancing account A's test clock changes A's outcome
 * and leaves B (another test clock) and C (the server's clock) as they were.
 */
const DAY = 86_400;
let t: TestApp;
beforeEach(async () => {
  t = await testApp();
});
afterEach(() => t.close());

const skool = { skool: { group: 'g1', title: 'T', label: 'l' } };
const post = (fx: Fixture, platform: string, text: string, extra: Record<string, unknown> = {}) => ({
  post: { accountId: fx.profileId, platform, content: { text }, ...extra },
});
const minus = (start: Date, ms: number) => new Date(start.getTime() - ms);

interface Row {
  rule: string;
  start?: Date;
  seconds?: number;
  account: Record<string, unknown>;
  arrange: (fx: Fixture, start: Date) => Promise<void>;
  /** True once the rule let the account go on (the window it counted in has passed). */
  changed: (fx: Fixture) => Promise<boolean>;
}

const rows: Row[] = [
  {
    rule: 'Beginner daily allowance: queued_for_next_day until the UTC midnight of its clock',
    // A day and a minute: the queued post goes out at the same time next day, 20 seconds spacing after it.
    seconds: DAY + 60,
    account: { plan: 'beginner' },
    arrange: async (fx, start) => {
      seedPosts(t, fx, 20, { at: minus(start, 60_000) });
      const a = await sendPost(t, fx.apiKey, post(fx, 'linkedin', 'over', { linkedin: {} }));
      expect([a.status, a.body['code']]).toEqual([202, 'queued_for_next_day']);
    },
    changed: async (fx) => (await sendPost(t, fx.apiKey, post(fx, 'linkedin', 'next'))).status === 200,
  },
  {
    rule: 'Free monthly allowance: monthly_limit_reached until the UTC month of its clock ends',
    start: new Date('2026-11-10T12:00:00.000Z'),
    seconds: 25 * DAY,
    account: { plan: 'free', created_at: '2026-01-01T00:00:00.000Z' },
    arrange: async (fx) => {
      seedPosts(t, fx, 30, { at: new Date('2026-11-02T00:00:00.000Z') });
      const a = await sendPost(t, fx.apiKey, post(fx, 'linkedin', 'over'));
      expect(a.body.error).toMatchObject({ code: 'monthly_limit_reached' });
    },
    changed: async (fx) => (await sendPost(t, fx.apiKey, post(fx, 'linkedin', 'december'))).status === 200,
  },
  {
    rule: 'publish attempts per profile per UTC day: daily_attempts_exceeded until the next day',
    account: { plan: 'beginner' },
    arrange: async (fx, start) => {
      seedPosts(t, fx, 80, { status: 'failed', at: minus(start, 60_000) });
      const a = await sendPost(t, fx.apiKey, post(fx, 'linkedin', 'over'));
      expect(a.body.error).toMatchObject({ code: 'daily_attempts_exceeded' });
    },
    changed: async (fx) => {
      const a = await sendPost(t, fx.apiKey, post(fx, 'linkedin', 'again'));
      return a.body.error?.code !== 'daily_attempts_exceeded';
    },
  },
  {
    rule: "skool's one post per hour",
    seconds: 3_601,
    account: {},
    arrange: async (fx) => {
      expect((await sendPost(t, fx.apiKey, post(fx, 'skool', 'a', skool))).status).toBe(200);
      expect((await sendPost(t, fx.apiKey, post(fx, 'skool', 'b', skool))).status).toBe(429);
    },
    changed: async (fx) => (await sendPost(t, fx.apiKey, post(fx, 'skool', 'c', skool))).status === 200,
  },
  {
    rule: "skool's ten posts per day",
    account: {},
    arrange: async (fx, start) => {
      seedPosts(t, fx, 10, { platform: 'skool', at: minus(start, 7_200_000) });
      expect((await sendPost(t, fx.apiKey, post(fx, 'skool', 'd', skool))).status).toBe(429);
    },
    changed: async (fx) => (await sendPost(t, fx.apiKey, post(fx, 'skool', 'e', skool))).status === 200,
  },
  {
    rule: 'figure collection every 6 hours (the first one after 6 hours)',
    seconds: 6 * 3_600 + 60,
    account: {},
    arrange: async (fx) => {
      expect((await sendPost(t, fx.apiKey, post(fx, 'linkedin', 'counted'))).status).toBe(200);
      const row = figuresRow(fx);
      expect(row.next_figures_at).not.toBeNull();
      remembered.set(fx.accountId, JSON.stringify(row));
    },
    changed: async (fx) => JSON.stringify(figuresRow(fx)) !== remembered.get(fx.accountId),
  },
  {
    rule: "a linkedin timeout's `done` window (25 hours)",
    seconds: 25 * 3_600 + 60,
    account: {},
    arrange: async (fx, start) => {
      seedPosts(t, fx, 1, { status: 'timeout' as 'failed', at: minus(start, 60_000) });
      const id = figuresRow(fx).id;
      remembered.set(fx.accountId, id);
      expect(await doneOf(fx, id)).toBe(false);
    },
    changed: async (fx) => doneOf(fx, remembered.get(fx.accountId) as string),
  },
];

/** Per-account state a row keeps between arrange and changed. */
const remembered = new Map<string, string>();
function figuresRow(fx: Fixture): { id: string; figures: string | null; next_figures_at: string | null } {
  return t.services.db
    .prepare('SELECT id, figures, next_figures_at FROM post_records WHERE account_id = ? ORDER BY at LIMIT 1')
    .get(fx.accountId) as { id: string; figures: string | null; next_figures_at: string | null };
}
async function doneOf(fx: Fixture, id: string): Promise<boolean> {
  const res = await t.api('GET', `/api/v2/posts/${id}`, fx.apiKey);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { done?: boolean; data?: { done?: boolean } };
  return (body.done ?? body.data?.done) === true;
}

describe('advancing one clock resets only its accounts’ allowances', () => {
  it.each(rows)('$rule', async (row) => {
    const start = row.start ?? CLOCK_START;
    if (row.start) await setClock(t, start.toISOString());
    const clocks: string[] = [];
    for (const name of ['one', 'two']) {
      const res = await t.admin('POST', '/clocks', { now: start.toISOString(), name });
      expect(res.status).toBe(201);
      clocks.push(((await res.json()) as { clock_id: string }).clock_id);
    }
    const networks = { linkedin: {}, skool: {} };
    const [a, b, c] = [
      await accountWithProfile(t, networks, { ...row.account, clock_id: clocks[0] }),
      await accountWithProfile(t, networks, { ...row.account, clock_id: clocks[1] }),
      await accountWithProfile(t, networks, row.account),
    ] as [Fixture, Fixture, Fixture];
    for (const fx of [a, b, c]) await row.arrange(fx, start);
    const moved = await t.admin('POST', `/clocks/${clocks[0]}`, { advance_seconds: row.seconds ?? DAY });
    expect(moved.status).toBe(200);
    expect(await row.changed(a)).toBe(true);
    expect(await row.changed(b)).toBe(false);
    expect(await row.changed(c)).toBe(false);
  });
});
