import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SocialpubApp } from '../../src/app.js';
import { COMMIT_BATCH } from '../../src/scheduler/index.js';
import { advance, insertScheduled } from '../helpers/posts-fixtures.js';
import { accountWithProfile, type Fixture, type TestApp, testApp } from '../helpers/test-app.js';

const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** More posts than one commit takes, spread so no account reaches a limit. */
async function dueOverTwoCommits(t: TestApp, accounts: Fixture[] = []): Promise<string[]> {
  const perAccount = 50;
  const total = COMMIT_BATCH + 100;
  for (let i = 0; i * perAccount < total; i++)
    accounts.push(await accountWithProfile(t, { x: {} }, { x_addon: true }));
  const ids: string[] = [];
  t.services.db.transaction(() => {
    for (let i = 0; i < total; i++) {
      const account = accounts[i % accounts.length] as Fixture;
      ids.push(insertScheduled(t, account, { inSeconds: 61 }));
    }
  })();
  return ids;
}

const countOf = (app: SocialpubApp, sql: string, ...params: unknown[]): number =>
  (app.services.db.prepare(sql).get(...params) as { n: number }).n;

describe('a busy minute drained a commit at a time', () => {
  it('never sends a post cancelled between two commits: each batch is read in the transaction that sends it', async () => {
    const t = await testApp();
    closers.push(() => t.close());
    const ids = await dueOverTwoCommits(t);
    const last = ids.at(-1) as string;
    const { postRecords, scheduledPosts } = t.services.repos;
    const transaction = postRecords.transaction.bind(postRecords);
    let commits = 0;
    // A request cancelling the last post arrives in the turn between the first commit and the second.
    postRecords.transaction = <T>(work: () => T): T => {
      if (++commits === 2) expect(scheduledPosts.cancel(last, t.services.clock.now())).toBe(true);
      return transaction(work);
    };
    await advance(t, 61);
    expect(commits).toBeGreaterThanOrEqual(2);
    expect(scheduledPosts.get(last)?.outcome).toBe('cancelled');
    expect(postRecords.listForScheduledPost(last)).toHaveLength(0);
    expect(countOf(t, "SELECT COUNT(*) AS n FROM scheduled_posts WHERE outcome = 'success'")).toBe(
      ids.length - 1,
    );
    expect(countOf(t, 'SELECT COUNT(*) AS n FROM post_records')).toBe(ids.length - 1);
  }, 60_000);

  it('sends the next commit’s posts with what changed in between: no lookup is kept from one batch to the next', async () => {
    const t = await testApp();
    closers.push(() => t.close());
    const accounts: Fixture[] = [];
    const ids = await dueOverTwoCommits(t, accounts);
    // The account of the last post loses its X add-on between the first commit and the second.
    const owner = accounts[(ids.length - 1) % accounts.length] as Fixture;
    const { accounts: accountsRepo, postRecords, scheduledPosts } = t.services.repos;
    const transaction = postRecords.transaction.bind(postRecords);
    let commits = 0;
    postRecords.transaction = <T>(work: () => T): T => {
      if (++commits === 2) {
        const account = accountsRepo.get(owner.accountId);
        if (account === null) throw new Error('the account is gone');
        accountsRepo.update({ ...account, xAddon: false });
      }
      return transaction(work);
    };
    await advance(t, 61);
    expect(commits).toBeGreaterThanOrEqual(2);
    const owned = ids.filter((_, i) => i % accounts.length === (ids.length - 1) % accounts.length);
    const firstCommit = owned.filter((id) => ids.indexOf(id) < COMMIT_BATCH);
    const secondCommit = owned.filter((id) => ids.indexOf(id) >= COMMIT_BATCH);
    expect(firstCommit.length).toBeGreaterThan(0);
    expect(secondCommit.length).toBeGreaterThan(0);
    for (const id of firstCommit) expect(scheduledPosts.get(id)?.outcome).toBe('success');
    for (const id of secondCommit) {
      expect(postRecords.listForScheduledPost(id)).toHaveLength(0);
      expect(scheduledPosts.get(id)?.notSent?.['x']).toMatch(/^plan_required: /);
    }
    // Every other account's posts went out.
    expect(countOf(t, "SELECT COUNT(*) AS n FROM scheduled_posts WHERE outcome = 'success'")).toBe(
      ids.length - secondCommit.length,
    );
  }, 60_000);

  it('holds automatic checkpoints during the drain, then restores them and checkpoints once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'socialpub-drain-checkpoints-'));
    const t = await testApp({ memory: false, dataDir });
    closers.push(async () => {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    });
    const ids = await dueOverTwoCommits(t);
    const { db } = t.services;
    const held: number[] = [];
    const { postRecords } = t.services.repos;
    const transaction = postRecords.transaction.bind(postRecords);
    postRecords.transaction = <T>(work: () => T): T => {
      held.push(db.pragma('wal_autocheckpoint', { simple: true }) as number);
      return transaction(work);
    };
    await advance(t, 61);
    expect(countOf(t, "SELECT COUNT(*) AS n FROM scheduled_posts WHERE outcome = 'success'")).toBe(
      ids.length,
    );
    // The first commit cannot know a busy minute follows; every later one runs with checkpoints held.
    expect(held[0]).toBe(1000);
    expect(held.slice(1).length).toBeGreaterThan(0);
    expect(held.slice(1).every((pages) => pages === 0)).toBe(true);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
  }, 60_000);
});
