import { afterEach, describe, expect, it } from 'vitest';
import { advance, insertScheduled, setSimulate } from '../helpers/posts-fixtures.js';
import { accountWithProfile, type TestApp, testApp } from '../helpers/test-app.js';

/**
 * The sends of one drain batch share their lookups (account, profile, connection): each is read once
 * a batch, not once a post, and a send that writes its connection (its queue of simulated
 * behaviours moved) makes the next send read the connection again, so each send still takes its
 * own behaviour.
 */
let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const statuses = (ids: string[]) =>
  ids.map((id) => t.services.repos.postRecords.listForScheduledPost(id).map((post) => post.status));

describe('the send-time lookups of a drain batch', () => {
  it('reads a profile’s connection once for all its due posts', async () => {
    t = await testApp();
    const fx = await accountWithProfile(t, { x: {} }, { x_addon: true });
    const ids = [0, 1, 2, 3].map(() => insertScheduled(t, fx, { inSeconds: 61 }));
    const { connections } = t.services.repos;
    const get = connections.get.bind(connections);
    // Only the checks' reads count here: recording a send reads the connection for other reasons.
    let reads = 0;
    connections.get = (profileId, platform) => {
      if (new Error().stack?.includes('checkConnection')) reads += 1;
      return get(profileId, platform);
    };
    await advance(t, 61);
    expect(statuses(ids)).toEqual([['success'], ['success'], ['success'], ['success']]);
    expect(reads).toBe(1);
  }, 60_000);

  it('reads the connection again once a send moved its queue of behaviours', async () => {
    t = await testApp();
    const fx = await accountWithProfile(t, { x: {} }, { x_addon: true });
    await setSimulate(t, fx, 'x', {
      next: [
        { outcome: 'failed', error: { status: 403, code: 'x_rejected', message: 'Duplicate text.' } },
        {},
      ],
    });
    const ids = [0, 1, 2].map(() => insertScheduled(t, fx, { inSeconds: 61 }));
    await advance(t, 61);
    expect(statuses(ids)).toEqual([['failed'], ['success'], ['success']]);
    const outcomes = ids.map((id) => t.services.repos.scheduledPosts.get(id)?.outcome);
    expect(outcomes).toEqual(['failed', 'success', 'success']);
  }, 60_000);
});
