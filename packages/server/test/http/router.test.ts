import { afterEach, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../helpers/test-app.js';

let t: TestApp;
afterEach(async () => {
  await t.close();
});

describe('routing', () => {
  // Hono's SmartRouter silently falls back to its slower trie router when two route patterns
  // clash (e.g. `:id` and `:file_id` at the same place), which cost reads a third of their speed.
  it('keeps every route on the RegExpRouter after the first request', async () => {
    t = await testApp();
    await t.app.request('/health');
    const router = t.app.router as unknown as { activeRouter?: { name: string } };
    expect(router.activeRouter?.name).toBe('RegExpRouter');
  });
});
