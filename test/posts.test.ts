import { PostRecordSchema, type Profile, ScheduledPostRecordSchema } from '@socialpub/core';
import type { AnyPostRecord, PublishOutcome, SocialPub } from '@socialpub/sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mp4Bytes } from './helpers/media-fixtures.js';
import { TestServer } from './helpers/test-server.js';

let t: TestServer;
let client: SocialPub;
let brand: Profile;
let side: Profile;

beforeAll(async () => {
  t = await TestServer.start();
  client = t.client({ maxRetries: 0 });
  ({ brand, side } = await t.demoProfiles());
});
afterAll(() => t.close());
// Each test starts past the 20-second spacing of the one before (Limits, Request throttle).
beforeEach(async () => {
  await t.advance(21);
});

async function twoHoursAhead(): Promise<string> {
  return new Date((await t.now()).getTime() + 2 * 3600_000).toISOString();
}

/** What a user does with a publish answer: switch on `kind`. */
function describeOutcome(outcome: PublishOutcome): string {
  switch (outcome.kind) {
    case 'published':
      return `published ${outcome.body.service.post_id}`;
    case 'scheduled':
      return `scheduled ${outcome.body.scheduled_post_id}`;
    case 'queued':
      return `queued ${outcome.body.scheduled_post_id}`;
    case 'processing':
    case 'still_publishing':
    case 'schedule_unconfirmed':
      return outcome.kind;
    case 'dry_run':
      return `dry run: ${outcome.body.outcome}`;
  }
}

describe('accounts', () => {
  it('lists the demo profiles with their connected networks sorted by name', async () => {
    const { data } = await client.accounts.list();
    expect(data.map((profile) => profile.handle)).toEqual(['@demobrand', '@sideproject']);
    const networks = brand.networks.map((network) => network.platform);
    expect(networks).toHaveLength(9);
    expect(networks).toEqual([...networks].sort());
    expect(side.networks.map((network) => network.platform)).toEqual(['linkedin', 'x']);
    expect(brand.networks.every((network) => network.health === 'ready')).toBe(true);
  });

  it('answers the options rows of the named networks, x with no_options', async () => {
    const { data } = await client.accounts.options(brand.profile_id, {
      platforms: ['tiktok', 'pinterest', 'x'],
    });
    expect(data.profile_id).toBe(brand.profile_id);
    const rows = new Map(data.networks.map((row) => [row.platform, row]));
    expect(rows.get('tiktok')?.status).toBe('ok');
    expect(rows.get('tiktok')?.options['privacy_level_options']).toContain('SELF_ONLY');
    expect(rows.get('pinterest')?.options['boards']).toHaveLength(2);
    expect(rows.get('x')?.status).toBe('no_options');
  });
});

describe('publishing', () => {
  it('publishes a text post to x at once: 200 published, the record reads back success', async () => {
    const outcome = await client.posts.create({
      accountId: brand.profile_id,
      platform: 'x',
      content: { text: 'Hello from the e2e suite' },
    });
    expect(outcome.kind).toBe('published');
    expect(outcome.httpStatus).toBe(200);
    const postId = outcome.service?.post_id;
    expect(describeOutcome(outcome)).toBe(`published ${postId}`);
    expect(postId).toMatch(/^[0-9a-f-]{36}$/);
    const record = PostRecordSchema.parse(await client.posts.retrieve(postId ?? ''));
    expect(record).toMatchObject({ id: postId, kind: 'post', platform: 'x', status: 'success', done: true });
    expect(record.permalink).toMatch(/^https:\/\//);
  });

  it('validates a post without sending it: nothing is recorded', async () => {
    const before = await client.posts.list({ limit: 100 }).toArray();
    const report = await client.posts.validate({
      accountId: '@demobrand',
      platform: 'threads',
      content: { text: 'Only checked' },
    });
    expect(report).toMatchObject({ dry_run: true, outcome: 'publish', would_publish: true });
    const refused = await client.posts.validate({
      accountId: brand.profile_id,
      platform: 'youtube',
      content: { text: 'no media' },
    });
    expect(refused.outcome).toBe('refuse');
    expect(refused.would_publish).toBe(false);
    const after = await client.posts.list({ limit: 100 }).toArray();
    expect(after.map((post) => post.id)).toEqual(before.map((post) => post.id));
  });

  it('schedules a linkedin post two hours ahead: 202 scheduled, read back waiting', async () => {
    const scheduledFor = await twoHoursAhead();
    const outcome = await client.posts.create({
      accountId: side.profile_id,
      platform: 'linkedin',
      content: { text: 'Later' },
      scheduledFor,
    });
    expect(outcome.kind).toBe('scheduled');
    if (outcome.kind !== 'scheduled') return;
    expect(outcome.httpStatus).toBe(202);
    expect(outcome.body.code).toBe('scheduled');
    expect(Date.parse(outcome.body.scheduled_at)).toBe(Date.parse(scheduledFor));
    const record = ScheduledPostRecordSchema.parse(
      await client.posts.retrieve(outcome.body.scheduled_post_id),
    );
    expect(record).toMatchObject({
      kind: 'scheduled_post',
      status: 'scheduled',
      outcome: 'waiting',
      done: false,
    });
    expect(record.platforms).toEqual(['linkedin']);
    await client.posts.cancel(outcome.body.scheduled_post_id);
  });

  it('cancels a scheduled post; cancelling again answers already_cancelled', async () => {
    const outcome = await client.posts.create({
      accountId: brand.profile_id,
      platform: 'threads',
      content: { text: 'Never sent' },
      scheduledFor: await twoHoursAhead(),
    });
    const id = outcome.service?.scheduled_post_id ?? '';
    const first = await client.posts.cancel(id);
    expect(first.data).toMatchObject({ scheduled_post_id: id, status: 'cancelled' });
    expect(first.already_cancelled ?? false).toBe(false);
    const again = await client.posts.cancel(id);
    expect(again.already_cancelled).toBe(true);
    const record = await client.posts.retrieve(id);
    expect(record).toMatchObject({ status: 'cancelled', outcome: 'cancelled', done: true });
    // Two hours later nothing went out for it.
    await t.advance(2 * 3600 + 60);
    const sent = await client.posts.list({ kind: 'post', platform: 'threads' }).toArray();
    expect(sent.filter((post) => 'scheduled_post_id' in post && post.scheduled_post_id === id)).toEqual([]);
  });

  it('sends a scheduled post once the virtual clock passes its time, with one result per network', async () => {
    const outcome = await client.posts.create({
      accountId: brand.profile_id,
      platform: 'linkedin',
      content: { text: 'Due in two hours' },
      scheduledFor: await twoHoursAhead(),
    });
    const id = outcome.service?.scheduled_post_id ?? '';
    await t.advance(2 * 3600 - 60);
    expect(await client.posts.retrieve(id)).toMatchObject({ status: 'scheduled', done: false });
    await t.advance(120);
    const record = ScheduledPostRecordSchema.parse(await client.posts.retrieve(id));
    expect(record).toMatchObject({ status: 'published', outcome: 'success', done: true });
    expect(record.results).toHaveLength(1);
    const [result] = record.results ?? [];
    expect(result).toMatchObject({ platform: 'linkedin', status: 'success', done: true });
    const post = PostRecordSchema.parse(await client.posts.retrieve(result?.post_id ?? ''));
    expect(post).toMatchObject({ platform: 'linkedin', status: 'success', scheduled_post_id: id });
  });

  it('waits with waitUntilDone for a tiktok post that finishes after the answer', async () => {
    const upload = await t.admin<{ file_id: string }>('POST', `/accounts/${t.demoAccountId}/media`, {
      file_name: 'clip.mp4',
      content_base64: mp4Bytes(64 * 1024).toString('base64'),
    });
    expect(upload.status).toBe(201);
    // The SDK's pauses between reads are spent on the virtual clock: no real waiting.
    const waiting = t.client({ maxRetries: 0, sleep: t.virtualSleep });
    const outcome = await waiting.posts.create({
      accountId: brand.profile_id,
      platform: 'tiktok',
      content: { text: 'A clip', mediaID: [upload.body.file_id] },
      tiktok: { privacyLevel: 'SELF_ONLY' },
    });
    expect(outcome.kind).toBe('published');
    const postId = outcome.service?.post_id ?? '';
    expect(await waiting.posts.retrieve(postId)).toMatchObject({ status: 'processing', done: false });
    const startedAt = await t.now();
    const done = await waiting.posts.waitUntilDone(postId);
    expect(done).toMatchObject({ id: postId, status: 'success', done: true });
    // Polled every 30 seconds until the simulated network confirmed (30 seconds by default).
    const waited = (await t.now()).getTime() - startedAt.getTime();
    expect(waited).toBeGreaterThanOrEqual(30_000);
    expect(waited).toBeLessThanOrEqual(120_000);
  });
});

describe('listing', () => {
  it('walks every post across pages with for await, each once, newest first', async () => {
    const created: string[] = [];
    for (const platform of ['x', 'linkedin', 'threads', 'facebook', 'x'] as const) {
      const outcome = await client.posts.create({
        accountId: brand.profile_id,
        platform,
        content: { text: `List me on ${platform} ${created.length}` },
      });
      if (outcome.service?.post_id) created.push(outcome.service.post_id);
      await t.advance(21);
    }
    expect(created).toHaveLength(5);
    const firstPage = await client.posts.list({ limit: 2, kind: 'post' });
    expect(firstPage.data).toHaveLength(2);
    expect(firstPage.next_cursor).not.toBeNull();
    const seen: AnyPostRecord[] = [];
    for await (const post of client.posts.list({ limit: 2, kind: 'post' })) seen.push(post);
    const ids = seen.map((post) => post.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of created) expect(ids).toContain(id);
    const times = seen.map((post) => Date.parse(post.at ?? ''));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});
