import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CURRENT_ORDER, LEGACY_ORDER } from '../../src/domain/publishing/index.js';
import { fixture, postingState, sendPost } from '../helpers/publishing.js';
import type { Fixture } from '../helpers/test-app.js';
import { type TestApp, testApp } from '../helpers/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await testApp();
});
afterEach(async () => t.close());

interface Row {
  name: string;
  account?: Record<string, unknown>;
  /** Runs before the request (e.g. a first post that starts the 20-second wait). */
  before?: (f: Fixture) => Promise<unknown>;
  body: (f: Fixture) => unknown;
  headers?: Record<string, string>;
  current: [number, string];
  legacy: [number, string];
}

const tags = Array.from({ length: 40 }, (_, i) => `tag number ${i}`);
const missingFile = '3f1c1b0e-0000-4000-8000-000000000000';

// Each request breaks two rules; the address's order decides which one is answered.
const ROWS: Row[] = [
  {
    name: 'unknown profile and x without the add-on',
    account: { x_addon: false },
    body: () => ({ post: { accountId: '@nobody', platform: 'x', content: { text: 'a' } } }),
    current: [403, 'account_not_found'],
    legacy: [403, 'plan_required'],
  },
  {
    name: 'unknown profile inside the 20-second wait',
    before: (f) =>
      sendPost(t, f.apiKey, { post: { accountId: f.profileId, platform: 'x', content: { text: 'a' } } }),
    body: () => ({ post: { accountId: '@nobody', platform: 'x', content: { text: 'b' } } }),
    current: [403, 'account_not_found'],
    legacy: [429, 'rate_limited'],
  },
  {
    name: 'unreadable scheduledFor and youtube tags over budget',
    body: (f) => ({
      post: {
        accountId: f.profileId,
        platform: 'youtube',
        content: { text: 'a', mediaID: [missingFile] },
        youtube: { privacyStatus: 'public', tags },
        scheduledFor: 'soon',
      },
    }),
    current: [400, 'youtube_tags_too_long'],
    legacy: [400, 'scheduled_for_invalid'],
  },
  {
    name: 'missing file inside the 20-second wait',
    before: (f) =>
      sendPost(t, f.apiKey, { post: { accountId: f.profileId, platform: 'x', content: { text: 'a' } } }),
    body: (f) => ({
      post: { accountId: f.profileId, platform: 'x', content: { text: 'b', mediaID: [missingFile] } },
    }),
    current: [404, 'media_not_found'],
    legacy: [429, 'rate_limited'],
  },
  {
    name: 'skool on Free without group',
    account: { plan: 'free' },
    body: (f) => ({ post: { accountId: f.profileId, platform: 'skool', content: { text: 'a' } } }),
    current: [403, 'plan_required'],
    legacy: [403, 'plan_required'],
  },
  {
    name: 'missing file and missing pinterest board',
    body: (f) => ({
      post: { accountId: f.profileId, platform: 'pinterest', content: { mediaID: [missingFile] } },
    }),
    current: [400, 'pinterest_board_required'],
    legacy: [400, 'pinterest_board_required'],
  },
  {
    name: 'bad Idempotency-Key and invalid JSON',
    body: () => '{"post":',
    headers: { 'idempotency-key': '' },
    // "Older addresses": key before JSON there; JSON first here.
    current: [400, 'bad_request'],
    legacy: [400, 'idempotency_key_invalid'],
  },
];

describe('order of checks', () => {
  it('lists every step once in both orders', () => {
    expect([...CURRENT_ORDER].sort()).toEqual([...LEGACY_ORDER].sort());
    expect(new Set(CURRENT_ORDER).size).toBe(CURRENT_ORDER.length);
  });

  it.each(
    ROWS.flatMap((row) => [
      { ...row, address: 'current' as const },
      { ...row, address: 'legacy' as const },
    ]),
  )('answers $name on the $address address with the earlier rule', async (row) => {
    const f = await fixture(t, row.account ?? {});
    await row.before?.(f);
    const before = postingState(t);
    const answer = await sendPost(t, f.apiKey, row.body(f), {
      legacy: row.address === 'legacy',
      ...(row.headers ? { headers: row.headers } : {}),
    });
    expect([answer.status, answer.body.error?.['code']]).toEqual(row[row.address]);
    expect(postingState(t)).toEqual(before);
  });
});
