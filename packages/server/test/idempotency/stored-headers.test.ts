import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountWithProfile, type Fixture, type TestApp, testApp } from '../helpers/test-app.js';
import { newKey } from './idempotency-helpers.js';

// A posts answer carries nosniff from its making (http/security-headers.ts); the stored first
// answer still holds only the headers that describe it, as before, and a replay gets nosniff on
// its way out like every answer.

let t: TestApp;
let f: Fixture;
beforeEach(async () => {
  t = await testApp();
  f = await accountWithProfile(t, { x: {} }, { x_addon: true });
});
afterEach(() => t.close());

describe('the stored first answer of POST /api/v2/posts', () => {
  it('keeps content-type and leaves nosniff to the way out; the replay has it once', async () => {
    const key = newKey();
    const send = () =>
      t.api('POST', '/api/v2/posts', f.apiKey, {
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ post: { accountId: f.profileId, platform: 'x', content: { text: 'once' } } }),
      });
    const first = await send();
    expect(first.status).toBe(200);
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    const stored = t.services.db.prepare('SELECT answer_headers FROM idempotency_entries').all() as {
      answer_headers: string;
    }[];
    expect(stored).toHaveLength(1);
    expect(JSON.parse(stored[0]?.answer_headers ?? '[]')).toEqual([['content-type', 'application/json']]);
    const replay = await send();
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await replay.text()).toBe(await first.text());
  });
});
