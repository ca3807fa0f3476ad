import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SERVER_CLOCK_SCOPE } from '../../src/clocks/clock-scope.js';
import { SystemClock, type VirtualClock } from '../../src/clocks/virtual-clock.js';
import type { Database } from '../../src/db/database.js';
import { DueWorkRunner, type DueWorkSource } from '../../src/due-work.js';
import { publishingScheduledSender, Scheduler } from '../../src/scheduler/index.js';
import { insertScheduled } from '../helpers/posts-fixtures.js';
import { accountWithProfile, type Fixture, testApp } from '../helpers/test-app.js';

const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const close of closers.splice(0)) await close();
});

/** Row reads of accounts, profiles and connections, and post counts, that miss every cache. */
function countLookups(db: Database): () => number {
  const prepare = db.prepare.bind(db);
  const looksUp =
    /^SELECT (\* FROM (accounts|profiles|network_connections)|COUNT\(\*\) AS n FROM post_records) WHERE/;
  let n = 0;
  db.prepare = ((source: string) => {
    if (looksUp.test(source)) n += 1;
    return prepare(source);
  }) as Database['prepare'];
  return () => n;
}

describe('a busy minute prepared a second before it is due', () => {
  it('reads ahead what the sends look up, so after a restart the drain reads none of it again', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'socialpub-prepare-'));
    closers.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const first = await testApp({ memory: false, dataDir });
    const early: Fixture[] = [];
    const late: Fixture[] = [];
    for (let i = 0; i < 4; i++) early.push(await accountWithProfile(first, { x: {} }, { x_addon: true }));
    for (let i = 0; i < 4; i++) late.push(await accountWithProfile(first, { x: {} }, { x_addon: true }));
    const start = first.services.clock.now().getTime();
    const earlyAt = new Date(start + 61_000);
    const lateAt = new Date(start + 62_000);
    for (const fx of early)
      for (let i = 0; i < 5; i++) insertScheduled(first, fx, { at: earlyAt.toISOString() });
    for (const fx of late)
      for (let i = 0; i < 5; i++) insertScheduled(first, fx, { at: lateAt.toISOString() });
    await first.close();

    // A restart: nothing is in memory.
    const t = await testApp({ memory: false, dataDir });
    closers.push(() => t.close());
    const { db, clock } = t.services;
    const lookups = countLookups(db);
    const scheduler = new Scheduler(t.services, publishingScheduledSender(t.services));
    (clock as VirtualClock).set(new Date(lateAt.getTime() + 1_000));

    // Not prepared: the drain's transactions keep nothing they read, so every send reads again.
    let before = lookups();
    expect(await scheduler.runDue(earlyAt, 1_000, SERVER_CLOCK_SCOPE)).toBe(20);
    expect(lookups() - before).toBeGreaterThanOrEqual(20);

    const changes = () => (db.prepare('SELECT total_changes() AS n').get() as { n: number }).n;
    const written = changes();
    scheduler.prepare(lateAt, SERVER_CLOCK_SCOPE);
    expect(changes()).toBe(written);
    before = lookups();
    expect(await scheduler.runDue(lateAt, 1_000, SERVER_CLOCK_SCOPE)).toBe(20);
    expect(lookups() - before).toBe(0);
    const outcomes = db
      .prepare('SELECT outcome, COUNT(*) AS n FROM scheduled_posts GROUP BY outcome')
      .all() as { outcome: string; n: number }[];
    expect(outcomes).toEqual([{ outcome: 'success', n: 40 }]);
  });

  it('is asked once, about a second before the due time, by the system-clock runner', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-02T10:00:00.000Z') });
    const dueAt = new Date('2026-03-02T10:00:05.000Z');
    const calls: string[] = [];
    let due = true;
    const source: DueWorkSource = {
      name: 'probe',
      nextDueAt: () => (due ? dueAt : null),
      prepare: (at) => calls.push(`prepare ${at.toISOString()} at ${new Date().toISOString()}`),
      runNext: () => {
        calls.push(`run at ${new Date().toISOString()}`);
        due = false;
      },
    };
    const runner = new DueWorkRunner(new SystemClock());
    runner.addSource(source);
    runner.start();
    closers.push(() => runner.stop());
    await vi.advanceTimersByTimeAsync(6_000);
    expect(calls).toEqual([
      'prepare 2026-03-02T10:00:05.000Z at 2026-03-02T10:00:04.000Z',
      'run at 2026-03-02T10:00:05.000Z',
    ]);
  });
});
