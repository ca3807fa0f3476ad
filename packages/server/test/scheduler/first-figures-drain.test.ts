import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { collectFigures, type SimulatedFigures } from '../../src/networks/index.js';
import { advance, insertScheduled, setSimulate } from '../helpers/posts-fixtures.js';
import { accountWithProfile, type TestApp, testApp } from '../helpers/test-app.js';

/**
 * A scheduled post sent in a drain stores its first figures as the exact JSON text of the reading
 * at its publishing instant: with the network's defaults, with the connection's standing figures,
 * and with the figures of a `simulate.next` entry (which then stay with that post only).
 */
let t: TestApp;
beforeEach(async () => {
  t = await testApp();
});
afterEach(() => t.close());

interface StoredFigures {
  id: string;
  scheduled_post_id: string;
  published_at: string;
  figures: string;
}

const storedFor = (scheduledPostId: string): StoredFigures =>
  t.services.db
    .prepare(
      'SELECT id, scheduled_post_id, published_at, figures FROM post_records WHERE scheduled_post_id = ?',
    )
    .get(scheduledPostId) as StoredFigures;

function expectFirstReading(row: StoredFigures, figures: SimulatedFigures | undefined): void {
  const at = new Date(row.published_at);
  const reading = collectFigures('x', { postId: row.id, publishedAt: at, figures, now: at });
  expect(row.figures).toBe(JSON.stringify(reading));
}

describe('first figures of a drained scheduled post', () => {
  it('are the reading at the send, byte for byte, whichever figures the send had', async () => {
    const plain = await accountWithProfile(t, { x: {} }, { x_addon: true });
    const standing = await accountWithProfile(t, { x: {} }, { x_addon: true });
    const queued = await accountWithProfile(t, { x: {} }, { x_addon: true });
    await setSimulate(t, standing, 'x', { figures: { views: 5, likes: 2 } });
    await setSimulate(t, queued, 'x', { figures: { views: 1 }, next: [{ figures: { likes: 9 } }] });
    const ids = {
      plain: [insertScheduled(t, plain, { inSeconds: 61 }), insertScheduled(t, plain, { inSeconds: 61 })],
      standing: [insertScheduled(t, standing, { inSeconds: 61 })],
      queued: [insertScheduled(t, queued, { inSeconds: 61 }), insertScheduled(t, queued, { inSeconds: 62 })],
    };
    await advance(t, 63);

    for (const id of ids.plain) expectFirstReading(storedFor(id), undefined);
    expectFirstReading(storedFor(ids.standing[0] as string), { views: 5, likes: 2 });
    // The queued entry's figures go with the first post; the second reads the standing ones again.
    expectFirstReading(storedFor(ids.queued[0] as string), { likes: 9 });
    expectFirstReading(storedFor(ids.queued[1] as string), { views: 1 });
    const first = JSON.parse(storedFor(ids.queued[0] as string).figures) as {
      metrics: Record<string, unknown>;
    };
    expect(first.metrics).toMatchObject({ likes: 9, views: null });
  }, 30_000);
});
