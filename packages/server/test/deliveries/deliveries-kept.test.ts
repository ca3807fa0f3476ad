import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addFile, addImage, advance, fixture, sendPost } from '../helpers/publishing.js';
import type { Fixture } from '../helpers/test-app.js';
import { type TestApp, testApp } from '../helpers/test-app.js';
import { deliveriesOf } from './deliveries-helpers.js';

let t: TestApp;
let f: Fixture;
beforeEach(async () => {
  t = await testApp();
  f = await fixture(t);
});
afterEach(async () => t.close());

const simulate = (platform: string, value: Record<string, unknown>) =>
  t.admin('PATCH', `/profiles/${f.profileId}/networks/${platform}`, { simulate: value });

/** A post each network accepts, with the options it needs (the fixture's connections offer them). */
function postFor(platform: string): Record<string, unknown> {
  const image = () => [addImage(t, f.accountId)];
  const video = () => [addFile(t, f.accountId)];
  const blocks: Record<string, Record<string, unknown>> = {
    x: { content: { text: `Hello x` } },
    linkedin: { content: { text: 'Hello linkedin' } },
    threads: { content: { text: 'Hello threads' } },
    facebook: { content: { text: 'Hello facebook' } },
    instagram: { content: { text: 'Hello instagram', mediaID: image() } },
    tiktok: { content: { text: 'Hello tiktok', mediaID: video() }, tiktok: { privacyLevel: 'SELF_ONLY' } },
    youtube: {
      content: { text: 'Hello youtube', mediaID: video() },
      youtube: { privacyStatus: 'unlisted', title: 'My clip' },
    },
    pinterest: { content: { text: 'Hello pinterest', mediaID: image() }, pinterest: { boardId: 'b1' } },
    skool: { content: { text: 'Hello skool' }, skool: { group: 'g1', title: 'T', label: 'l' } },
  };
  return { post: { accountId: f.profileId, platform, ...blocks[platform] } };
}

describe('deliveries are kept for what a network accepted', () => {
  it.each(['x', 'linkedin', 'threads', 'facebook', 'instagram', 'tiktok', 'youtube', 'pinterest', 'skool'])(
    'keeps one delivery for a %s publish, with its text, files and options',
    async (platform) => {
      const body = postFor(platform);
      const a = await sendPost(t, f.apiKey, body);
      expect(a.status, JSON.stringify(a.body)).toBeLessThan(300);
      const postId = (a.body['service'] as { post_id: string }).post_id;
      const [delivery, ...others] = await deliveriesOf(t, f.accountId);
      expect(others).toEqual([]);
      expect(delivery).toMatchObject({
        account_id: f.accountId,
        profile_id: f.profileId,
        platform,
        post_id: postId,
        scheduled_post_id: null,
        text: `Hello ${platform}`,
        at: '2026-03-02T10:00:00.000Z',
      });
      expect(delivery?.id).toMatch(/^dlv_[0-9a-f]{32}$/);
      const sent = (body['post'] as { content: { mediaID?: string[] } }).content.mediaID ?? [];
      expect(delivery?.media.map((m) => m.file_id)).toEqual(sent);
      for (const file of delivery?.media ?? [])
        expect(file.url).toMatch(/^http:\/\/127\.0\.0\.1:8787\/files\//);
      if (platform === 'youtube')
        expect(delivery?.options).toMatchObject({ privacyStatus: 'unlisted', title: 'My clip' });
      if (platform === 'tiktok') expect(delivery?.options).toMatchObject({ privacyLevel: 'SELF_ONLY' });
    },
  );

  it.each([
    ['a network refusal', { next: [{ outcome: 'failed' }] }],
    ['a send the network never confirmed', { next: [{ outcome: 'timeout' }] }],
  ])('keeps no delivery for %s', async (_what, behaviour) => {
    await simulate('x', behaviour);
    const a = await sendPost(t, f.apiKey, postFor('x'));
    expect(a.body['service']).toBeDefined();
    expect(await deliveriesOf(t, f.accountId)).toEqual([]);
  });

  it('keeps no delivery for a request the API refused or a dry run', async () => {
    const refused = await sendPost(t, f.apiKey, {
      post: { accountId: f.profileId, platform: 'x', content: {} },
    });
    expect(refused.status).toBe(400);
    const dry = await sendPost(t, f.apiKey, { validate: postFor('x')['post'] });
    expect(dry.status).toBe(200);
    expect(await deliveriesOf(t, f.accountId)).toEqual([]);
  });

  it('keeps a late answer once the network gives it, and the permalink once a processing post finishes', async () => {
    await simulate('linkedin', { next: [{ outcome: 'still_publishing', finish_after_seconds: 40 }] });
    const late = await sendPost(t, f.apiKey, postFor('linkedin'));
    expect(late.status).toBe(202);
    expect(await deliveriesOf(t, f.accountId)).toEqual([]);
    const tiktok = await sendPost(t, f.apiKey, postFor('tiktok'));
    expect((await deliveriesOf(t, f.accountId)).map((d) => [d.platform, d.permalink])).toEqual([
      ['tiktok', null],
    ]);
    await advance(t, 41);
    const after = await deliveriesOf(t, f.accountId);
    expect(after.map((d) => d.platform).sort()).toEqual(['linkedin', 'tiktok']);
    const tiktokId = (tiktok.body['service'] as { post_id: string }).post_id;
    expect(after.find((d) => d.post_id === tiktokId)).toMatchObject({
      status: 'success',
      permalink: expect.any(String),
    });
  });

  it('keeps the scheduled send of a scheduled post when the clock reaches it, naming the scheduled post', async () => {
    const at = '2026-03-02T11:00:00Z';
    const body = postFor('threads');
    (body['post'] as Record<string, unknown>)['scheduledFor'] = at;
    const a = await sendPost(t, f.apiKey, body);
    const scheduledId = (a.body['service'] as { scheduled_post_id: string }).scheduled_post_id;
    expect(await deliveriesOf(t, f.accountId)).toEqual([]);
    await advance(t, 3600);
    const [delivery] = await deliveriesOf(t, f.accountId);
    expect(delivery).toMatchObject({
      platform: 'threads',
      scheduled_post_id: scheduledId,
      text: 'Hello threads',
      at: '2026-03-02T11:00:00.000Z',
    });
  });

  it('keeps nothing when the server was started with deliveries off (the benchmark baseline)', async () => {
    const off = await testApp({ keepDeliveries: false });
    try {
      const g = await fixture(off);
      const a = await sendPost(off, g.apiKey, {
        post: { accountId: g.profileId, platform: 'x', content: { text: 'x' } },
      });
      expect(a.status).toBe(200);
      expect(await deliveriesOf(off, g.accountId)).toEqual([]);
    } finally {
      await off.close();
    }
  });
});
