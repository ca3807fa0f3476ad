import { isApiError } from '@socialpub/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  accountClockState,
  moveOwnTestClock,
  returnToServerClock,
  startOwnTestClock,
} from '../../src/domain/clocks/own-test-clock.js';
import { sendPost } from '../helpers/publishing.js';
import { accountWithProfile, CLOCK_START, type Fixture, type TestApp, testApp } from '../helpers/test-app.js';

const HOUR = 3_600_000;
let t: TestApp;
beforeEach(async () => {
  t = await testApp();
});
afterEach(() => t.close());

const schedule = (fx: Fixture, text: string, at: Date) =>
  sendPost(t, fx.apiKey, {
    post: {
      accountId: fx.profileId,
      platform: 'linkedin',
      content: { text },
      scheduledFor: at.toISOString(),
    },
  });

const outcomes = (accountId: string) =>
  t.services.db
    .prepare('SELECT outcome FROM scheduled_posts WHERE account_id = ? ORDER BY at')
    .pluck()
    .all(accountId) as string[];

async function refusal(work: () => unknown): Promise<{ status: number; message: string }> {
  try {
    await work();
  } catch (error) {
    if (isApiError(error)) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe("an account's own test clock (reference-server.md, Clock)", () => {
  it("starts at the server's time, keeps the due times, and runs only this account's posts as it moves", async () => {
    const mine = await accountWithProfile(t, { linkedin: {} });
    const other = await accountWithProfile(t, { linkedin: {} });
    const due = new Date(CLOCK_START.getTime() + 2 * HOUR);
    expect((await schedule(mine, 'mine', due)).status).toBe(202);
    expect((await schedule(other, 'other', due)).status).toBe(202);

    const started = startOwnTestClock(t.services, mine.accountId);
    expect(started.now.toISOString()).toBe(CLOCK_START.toISOString());
    expect(accountClockState(t.services, mine.accountId)).toMatchObject({ kind: 'own', canGoBack: true });
    expect(t.services.repos.scheduledPosts.nextDueAt({ clockId: started.clockId })?.toISOString()).toBe(
      due.toISOString(),
    );

    await moveOwnTestClock(t.services, mine.accountId, new Date(due.getTime() + 60_000));
    expect(outcomes(mine.accountId)).toEqual(['success']);
    expect(outcomes(other.accountId)).toEqual(['waiting']);
    expect(t.services.clock.now().toISOString()).toBe(CLOCK_START.toISOString());
  });

  it('refuses a second start, moving backwards and past the latest time, and changes nothing', async () => {
    const mine = await accountWithProfile(t, { linkedin: {} });
    const { clockId } = startOwnTestClock(t.services, mine.accountId);
    expect(await refusal(() => startOwnTestClock(t.services, mine.accountId))).toMatchObject({ status: 409 });
    const back = await refusal(() =>
      moveOwnTestClock(t.services, mine.accountId, new Date(CLOCK_START.getTime() - 1)),
    );
    expect(back).toMatchObject({ status: 400, message: expect.stringContaining('cannot move backwards') });
    const late = await refusal(() =>
      moveOwnTestClock(t.services, mine.accountId, new Date('9999-12-31T00:00:00.001Z')),
    );
    expect(late).toMatchObject({ status: 400, message: expect.stringContaining('No clock moves past') });
    expect(t.services.clocks.byId(clockId)?.now().toISOString()).toBe(CLOCK_START.toISOString());
    // The latest time itself is allowed (limit and limit + 1 ms).
    await moveOwnTestClock(t.services, mine.accountId, new Date('9999-12-31T00:00:00.000Z'));
    expect(t.services.clocks.byId(clockId)?.now().toISOString()).toBe('9999-12-31T00:00:00.000Z');
  });

  it("never moves the server's clock nor a shared test clock", async () => {
    const onServer = await accountWithProfile(t, { linkedin: {} });
    const serverRefusal = await refusal(() =>
      moveOwnTestClock(t.services, onServer.accountId, new Date(CLOCK_START.getTime() + HOUR)),
    );
    expect(serverRefusal).toMatchObject({
      status: 403,
      message: expect.stringContaining('only the admin API'),
    });
    const shared = (await (await t.admin('POST', '/clocks', { now: CLOCK_START.toISOString() })).json()) as {
      clock_id: string;
    };
    const a = await accountWithProfile(t, { linkedin: {} }, { clock_id: shared.clock_id });
    await accountWithProfile(t, { linkedin: {} }, { clock_id: shared.clock_id });
    expect(accountClockState(t.services, a.accountId)).toMatchObject({ kind: 'shared', accounts: 2 });
    const sharedRefusal = await refusal(() =>
      moveOwnTestClock(t.services, a.accountId, new Date(CLOCK_START.getTime() + HOUR)),
    );
    expect(sharedRefusal).toMatchObject({
      status: 403,
      message: expect.stringContaining('shared by 2 accounts'),
    });
    expect(await refusal(() => returnToServerClock(t.services, a.accountId))).toMatchObject({ status: 403 });
    expect(t.services.clocks.byId(shared.clock_id)?.now().toISOString()).toBe(CLOCK_START.toISOString());
    expect(t.services.clock.now().toISOString()).toBe(CLOCK_START.toISOString());
  });

  it("goes back only once the server's clock has caught up, then its posts run on the server's clock", async () => {
    const mine = await accountWithProfile(t, { linkedin: {} });
    const { clockId } = startOwnTestClock(t.services, mine.accountId);
    await moveOwnTestClock(t.services, mine.accountId, new Date(CLOCK_START.getTime() + HOUR));
    expect((await schedule(mine, 'later', new Date(CLOCK_START.getTime() + 3 * HOUR))).status).toBe(202);
    expect(accountClockState(t.services, mine.accountId)).toMatchObject({ kind: 'own', canGoBack: false });

    // The server one millisecond short of the test clock: refused, nothing changes.
    await t.admin('POST', '/clock', { now: new Date(CLOCK_START.getTime() + HOUR - 1).toISOString() });
    const early = await refusal(() => returnToServerClock(t.services, mine.accountId));
    expect(early).toMatchObject({ status: 409, message: expect.stringContaining('has not reached') });
    expect(t.services.repos.accounts.get(mine.accountId)?.clockId).toBe(clockId);

    await t.admin('POST', '/clock', { now: new Date(CLOCK_START.getTime() + HOUR).toISOString() });
    await returnToServerClock(t.services, mine.accountId);
    expect(t.services.repos.accounts.get(mine.accountId)?.clockId).toBeNull();
    expect(t.services.clocks.byId(clockId)).toBeNull();
    expect(t.services.repos.clocks.get(clockId)).toBeNull();
    expect(outcomes(mine.accountId)).toEqual(['waiting']);
    await t.admin('POST', '/clock', { advance_seconds: 3 * 3600 });
    expect(outcomes(mine.accountId)).toEqual(['success']);
  });
});

describe('deleting an account on a test clock', () => {
  /** The clocks stored, which GET /admin/v1/clocks/{id} answers for. */
  const listedClocks = () => t.services.repos.clocks.list().map((clock) => clock.id);

  it('takes the test clock it started from its Clock page with it', async () => {
    const mine = await accountWithProfile(t, { linkedin: {} });
    const { clockId } = startOwnTestClock(t.services, mine.accountId);
    expect(listedClocks()).toContain(clockId);

    expect((await t.admin('DELETE', `/accounts/${mine.accountId}`)).status).toBe(200);

    expect(listedClocks()).not.toContain(clockId);
    expect(t.services.clocks.byId(clockId)).toBeNull();
    expect((await t.admin('GET', `/clocks/${clockId}`)).status).toBe(404);
  });

  it("keeps an admin's test clock, and an own clock another account was put on", async () => {
    const adminClock = (await (
      await t.admin('POST', '/clocks', { now: CLOCK_START.toISOString() })
    ).json()) as {
      clock_id: string;
    };
    const onAdminClock = await accountWithProfile(t, { linkedin: {} }, { clock_id: adminClock.clock_id });
    const mine = await accountWithProfile(t, { linkedin: {} });
    const { clockId } = startOwnTestClock(t.services, mine.accountId);
    await accountWithProfile(t, { linkedin: {} }, { clock_id: clockId });

    expect((await t.admin('DELETE', `/accounts/${onAdminClock.accountId}`)).status).toBe(200);
    expect((await t.admin('DELETE', `/accounts/${mine.accountId}`)).status).toBe(200);

    expect(listedClocks()).toEqual(expect.arrayContaining([adminClock.clock_id, clockId]));
    expect((await t.admin('GET', `/clocks/${adminClock.clock_id}`)).status).toBe(200);
    expect(t.services.clocks.byId(clockId)?.now().toISOString()).toBe(CLOCK_START.toISOString());
  });
});
