import { afterEach, describe, expect, it, vi } from 'vitest';
import { advance, insertScheduled } from '../helpers/posts-fixtures.js';
import { accountWithProfile, type TestApp, testApp } from '../helpers/test-app.js';

/**
 * A send that throws inside the drain's transaction rolls the batch back and the batch is done
 * again: the sends settled before it are settled once, and the operator's figures count them once.
 */
let t: TestApp;
afterEach(async () => {
  await t?.close();
});

describe('a drain batch redone after a send threw', () => {
  it('counts each settled send once in the scheduler figures', async () => {
    t = await testApp();
    const first = await accountWithProfile(t, { threads: {} });
    const second = await accountWithProfile(t, { threads: {} });
    const firstId = insertScheduled(t, first, { inSeconds: 61, platforms: ['threads'] });
    const secondId = insertScheduled(t, second, { inSeconds: 61, platforms: ['threads'] });
    const { publishing, events } = t.services;
    const sendNow = publishing.sendScheduledNow.bind(publishing);
    let thrown = 0;
    const spy = vi.spyOn(publishing, 'sendScheduledNow').mockImplementation((post, batch) => {
      if (post.id === secondId && thrown === 0) {
        thrown++;
        throw new Error('the network broke mid-batch');
      }
      return sendNow(post, batch);
    });
    const sendsBefore = events.sends.get('success') ?? 0;
    const lagBefore = events.lag.count;

    await advance(t, 61);

    expect(thrown).toBe(1);
    // The first post's quick send ran twice (the batch was redone) but settled once.
    expect(spy.mock.calls.filter(([post]) => post.id === firstId).length).toBe(2);
    const outcomes = t.services.db
      .prepare('SELECT id, outcome FROM scheduled_posts WHERE id IN (?, ?) ORDER BY id')
      .all(firstId, secondId);
    expect(outcomes).toEqual([firstId, secondId].sort().map((id) => ({ id, outcome: 'success' })));
    expect((events.sends.get('success') ?? 0) - sendsBefore).toBe(2);
    expect(events.lag.count - lagBefore).toBe(2);
  }, 60_000);
});
