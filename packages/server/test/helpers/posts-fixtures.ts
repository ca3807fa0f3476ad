import { randomUUID } from 'node:crypto';
import type { Platform, PostStatus } from '@socialpub/core';
import { afterEach, beforeEach } from 'vitest';
import type { StoredPostRecord } from '../../src/db/post-records-repo.js';
import type { StoredScheduledOutcome } from '../../src/db/scheduled-posts-repo.js';
import { accountWithProfile, type Fixture, type TestApp, testApp } from './test-app.js';

/** Records are written through the repositories: these tests are about reading and sending them. */
export function insertPost(
  t: TestApp,
  fx: Fixture,
  fields: Partial<StoredPostRecord> & { platform?: Platform; status?: PostStatus; at?: string } = {},
): string {
  const id = fields.id ?? randomUUID();
  const at = fields.at ?? t.services.clock.now().toISOString();
  t.services.repos.postRecords.insert({
    id,
    accountId: fx.accountId,
    profileId: fx.profileId,
    platform: 'x',
    status: 'success',
    mediaType: 'text',
    publishId: '123',
    permalink: 'https://x.com/brand/status/123',
    errorMessage: null,
    updatedAt: at,
    scheduledPostId: null,
    notices: [],
    hasLinks: false,
    ...fields,
    at,
  });
  return id;
}

export interface ScheduleFields {
  platforms?: Platform[];
  /** Seconds from now until due. */
  inSeconds?: number;
  at?: string;
  outcome?: StoredScheduledOutcome;
  request?: Record<string, unknown>;
  profileId?: string;
}

export function insertScheduled(t: TestApp, fx: Fixture, fields: ScheduleFields = {}): string {
  const id = randomUUID();
  const now = t.services.clock.now();
  const at = fields.at ?? new Date(now.getTime() + (fields.inSeconds ?? 3600) * 1000).toISOString();
  const platforms = fields.platforms ?? ['x'];
  t.services.repos.scheduledPosts.insert({
    id,
    accountId: fx.accountId,
    profileId: fields.profileId ?? fx.profileId,
    platforms,
    at,
    scheduledFor: at,
    createdAt: now.toISOString(),
    note: null,
    mediaType: 'text',
    request: {
      accountId: fx.accountId,
      profileId: fields.profileId ?? fx.profileId,
      platform: platforms[0],
      mediaType: 'text',
      // Each post its own text: X and LinkedIn refuse a duplicate of an earlier post.
      text: `Hello from the schedule ${id.slice(0, 8)}`,
      mediaIds: [],
      mediaUrls: [],
      options: {},
      postType: 'text',
      ...fields.request,
    },
    ...(fields.outcome ? { outcome: fields.outcome } : {}),
  });
  return id;
}

export async function advance(t: TestApp, seconds: number): Promise<void> {
  const res = await t.admin('POST', '/clock', { advance_seconds: seconds });
  if (res.status !== 200) throw new Error(`clock: ${res.status} ${await res.text()}`);
}

export async function getJson<T = Record<string, unknown>>(
  t: TestApp,
  key: string,
  path: string,
): Promise<{ status: number; body: T; headers: Headers }> {
  const res = await t.api('GET', path, key);
  return { status: res.status, body: (await res.json()) as T, headers: res.headers };
}

export async function setSimulate(
  t: TestApp,
  fx: Fixture,
  platform: Platform,
  simulate: unknown,
): Promise<void> {
  const res = await t.admin('PATCH', `/profiles/${fx.profileId}/networks/${platform}`, { simulate });
  if (res.status !== 200) throw new Error(`simulate: ${res.status} ${await res.text()}`);
}

export interface PostsApp {
  t: TestApp;
  fx: Fixture;
}

/**
 * A fresh app per test, with an account (X add-on) whose profile has x, linkedin and tiktok
 * connected; `use` receives each test's app and fixture, and the app is closed after the test.
 */
export function usePostsApp(use: (app: PostsApp) => void): void {
  let t: TestApp;
  beforeEach(async () => {
    t = await testApp();
    const fx = await accountWithProfile(
      t,
      {
        x: {},
        linkedin: {},
        tiktok: { options: { privacy_level_options: ['SELF_ONLY'] } },
      },
      { x_addon: true },
    );
    use({ t, fx });
  });
  afterEach(async () => {
    await t.close();
  });
}
