import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sendPost } from '../helpers/publishing.js';
import { ADMIN_TOKEN, accountWithProfile, CLOCK_START, type TestApp, testApp } from '../helpers/test-app.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const dataDirApp = (dataDir: string, start = CLOCK_START): Promise<TestApp> =>
  testApp({ memory: false, dataDir, clockStart: start, adminToken: ADMIN_TOKEN });
const xPost = (profileId: string, text: string) => ({
  post: { accountId: profileId, platform: 'x', content: { text } },
});
const nowOf = async (t: TestApp) => ((await (await t.admin('GET', '/clock')).json()) as { now: string }).now;

describe('the server virtual clock is stored with the data (issue 13 item 2)', () => {
  it('resumes where it was after a restart, and a post to x is not told to wait', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'socialpub-clock-'));
    dirs.push(dataDir);
    const first = await dataDirApp(dataDir);
    const fx = await accountWithProfile(first, { x: {} }, { x_addon: true });
    await first.admin('POST', '/clock', { advance_seconds: 2 * 86_400 });
    expect((await sendPost(first, fx.apiKey, xPost(fx.profileId, 'before'))).status).toBe(200);
    await first.admin('POST', '/clock', { advance_seconds: 30 });
    const before = await nowOf(first);
    await first.close();

    // The same SOCIALPUB_CLOCK_START again: it only seeds a new data directory.
    const second = await dataDirApp(dataDir);
    try {
      expect(await nowOf(second)).toBe(before);
      const answer = await sendPost(second, fx.apiKey, xPost(fx.profileId, 'after'));
      expect(answer.status).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('never moves back, even when a start time earlier than the stored one is given', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'socialpub-clock-'));
    dirs.push(dataDir);
    const first = await dataDirApp(dataDir);
    await first.admin('POST', '/clock', { advance_seconds: 3600 });
    await first.close();
    const second = await dataDirApp(dataDir, new Date('2020-01-01T00:00:00Z'));
    try {
      expect(await nowOf(second)).toBe(new Date(CLOCK_START.getTime() + 3_600_000).toISOString());
    } finally {
      await second.close();
    }
  });

  it('seeds a new data directory with SOCIALPUB_CLOCK_START', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'socialpub-clock-'));
    dirs.push(dataDir);
    const start = new Date('2031-05-06T07:08:09.000Z');
    const t = await dataDirApp(dataDir, start);
    try {
      expect(await nowOf(t)).toBe(start.toISOString());
    } finally {
      await t.close();
    }
  });

  it('keeps test clocks and their accounts across a restart, each where it was moved', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'socialpub-clock-'));
    dirs.push(dataDir);
    const first = await dataDirApp(dataDir);
    const created = (await (
      await first.admin('POST', '/clocks', { now: '2030-01-01T00:00:00Z', name: 'kept' })
    ).json()) as {
      clock_id: string;
    };
    const fx = await accountWithProfile(first, { x: {} }, { x_addon: true, clock_id: created.clock_id });
    await first.admin('POST', `/clocks/${created.clock_id}`, { advance_seconds: 3 * 86_400 });
    await first.close();
    const second = await dataDirApp(dataDir);
    try {
      const clock = (await (await second.admin('GET', `/clocks/${created.clock_id}`)).json()) as {
        now: string;
        name: string;
        accounts: { account_id: string }[];
      };
      expect(clock).toMatchObject({ now: '2030-01-04T00:00:00.000Z', name: 'kept' });
      expect(clock.accounts.map((a) => a.account_id)).toEqual([fx.accountId]);
      expect(second.services.clocks.forAccount(fx.accountId).now().toISOString()).toBe(
        '2030-01-04T00:00:00.000Z',
      );
      expect(await nowOf(second)).toBe(CLOCK_START.toISOString());
    } finally {
      await second.close();
    }
  });
});
