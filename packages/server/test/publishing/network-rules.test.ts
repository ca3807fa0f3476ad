import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Answer, addImage, advance, fixture, seedPosts, sendPost } from '../helpers/publishing.js';
import type { Fixture } from '../helpers/test-app.js';
import { type TestApp, testApp } from '../helpers/test-app.js';

let t: TestApp;
let f: Fixture;
beforeEach(async () => {
  t = await testApp();
  f = await fixture(t);
});
afterEach(async () => t.close());

const post = (platform: string, text: string | undefined, extra: Record<string, unknown> = {}) => ({
  post: { accountId: f.profileId, platform, content: text === undefined ? {} : { text }, ...extra },
});
const publish = (body: unknown) => sendPost(t, f.apiKey, body);
const dryRun = (body: Record<string, unknown>) => sendPost(t, f.apiKey, { ...body, dryRun: true });
const recordOf = async (answer: Answer) => {
  const id = (answer.body['service'] as { post_id: string }).post_id;
  return (await (await t.api('GET', `/api/v2/posts/${id}`, f.apiKey)).json()) as Record<string, unknown>;
};
const deliveries = async () =>
  ((await (await t.admin('GET', `/accounts/${f.accountId}/deliveries`)).json()) as { data: unknown[] }).data
    .length;
const lenient = (platform: string) =>
  t.admin('PATCH', `/profiles/${f.profileId}/networks/${platform}`, { simulate: { rules: 'lenient' } });

// 416 weighted characters: 139 CJK characters (278), a space, 137 Latin letters.
const X_416 = `${'漢'.repeat(139)} ${'a'.repeat(137)}`;

describe('text counted as each network counts it', () => {
  it('refuses a 416-weighted X post in the dry run and when sent, with X’s words and nothing delivered', async () => {
    const dry = await dryRun(post('x', X_416));
    expect(dry.body).toMatchObject({
      outcome: 'refuse',
      would_publish: false,
      reason: {
        code: 'x_rejected',
        status: 400,
        message: 'Your Tweet text is too long. Text length: 416 of 280 weighted characters.',
      },
    });
    const sent = await publish(post('x', X_416));
    expect(sent.status).toBe(400);
    expect(sent.body.error).toEqual({
      code: 'x_rejected',
      message: 'Your Tweet text is too long. Text length: 416 of 280 weighted characters.',
    });
    expect(await recordOf(sent)).toMatchObject({
      status: 'failed',
      error_message: sent.body.error?.['message'],
    });
    expect(await deliveries()).toBe(0);
    // Not counted as a success: the X add-on's allowance is unused.
    const usage = (await (await t.admin('GET', `/accounts/${f.accountId}`)).json()) as Record<
      string,
      unknown
    >;
    expect(JSON.stringify(usage['usage'])).not.toMatch(/"x_used":1/);
  });

  it('refuses 300,000 characters on X and 3,001 on LinkedIn, takes 280 and 3,000', async () => {
    expect((await publish(post('x', 'y'.repeat(300_000)))).body.error?.['code']).toBe('x_rejected');
    // A refused post is still a post to X: the 20-second wait applies after it.
    await advance(t, 20);
    expect((await publish(post('x', 'y'.repeat(280)))).status).toBe(200);
    const over = await publish(post('linkedin', 'z'.repeat(3_001)));
    expect([over.status, over.body.error?.['code']]).toEqual([500, 'platform_error']);
    expect(over.body.error?.['message']).toContain('3,001 of 3,000 characters');
    await advance(t, 20);
    expect((await publish(post('linkedin', 'z'.repeat(3_000)))).status).toBe(200);
  });

  it('counts 141 CJK characters as 282 on X, takes 140 (280)', async () => {
    const sent = await publish(post('x', '漢'.repeat(141)));
    expect(sent.body.error?.['message']).toContain('282 of 280 weighted characters');
    await advance(t, 20);
    expect((await publish(post('x', '漢'.repeat(140)))).status).toBe(200);
  });

  it('counts a Threads emoji by its UTF-8 bytes: 125 thumbs-up go, 126 are refused', async () => {
    expect((await publish(post('threads', '👍'.repeat(125)))).status).toBe(200);
    await advance(t, 20);
    const over = await publish(post('threads', '👍'.repeat(126)));
    expect([over.status, over.body.error?.['code']]).toEqual([400, 'bad_request']);
    expect(over.body.error?.['message']).toContain('504 of 500 characters (emoji by UTF-8 bytes)');
  });

  it('refuses a sixth distinct link on Threads', async () => {
    const links = (n: number) => Array.from({ length: n }, (_, i) => `https://example.com/${i}`).join(' ');
    expect((await publish(post('threads', links(5)))).status).toBe(200);
    await advance(t, 20);
    const over = await publish(post('threads', links(6)));
    expect(over.body.error?.['message']).toMatch(/^THREADS_API__LINK_LIMIT_EXCEEDED/);
  });

  it('refuses Instagram’s 31st hashtag and a PNG feed image, with the network’s words', async () => {
    const tags = Array.from({ length: 31 }, (_, i) => `#t${i}`).join(' ');
    const image = addImage(t, f.accountId);
    const hashtags = await publish(post('instagram', tags, { content: { text: tags, mediaID: [image] } }));
    expect(hashtags.body.error?.['message']).toContain('31 of 30 hashtags');
    await advance(t, 20);
    const png = addImage(t, f.accountId, { type: 'image/png', fileName: 'p.png' });
    const format = await publish(
      post('instagram', 'x', { content: { text: 'Fresh bread', mediaID: [png] } }),
    );
    expect(format.body.error?.['message']).toMatch(/subcode 2207005/);
  });

  it('refuses a TikTok caption of 2,201 UTF-16 units and a Pinterest title of 101 characters, takes 2,200 and 100', async () => {
    const video = addImage(t, f.accountId, { kind: 'video', type: 'video/mp4', fileName: 'v.mp4' });
    const tiktok = { tiktok: { privacyLevel: 'SELF_ONLY' } };
    const caption = await publish(
      post('tiktok', 'c'.repeat(2_201), {
        content: { text: 'c'.repeat(2_201), mediaID: [video] },
        ...tiktok,
      }),
    );
    expect(caption.body.error?.['message']).toContain('2,201 of 2,200 UTF-16 code units');
    const pin = { content: { text: 'Pin', mediaID: [addImage(t, f.accountId)] } };
    const title = await publish(
      post('pinterest', 'Pin', { ...pin, pinterest: { boardId: 'b1', title: 't'.repeat(101) } }),
    );
    expect([title.status, title.body.error?.['code']]).toEqual([400, 'pinterest_rejected']);
    await advance(t, 20);
    const atCaption = await publish(
      post('tiktok', 'c'.repeat(2_200), {
        content: { text: 'c'.repeat(2_200), mediaID: [video] },
        ...tiktok,
      }),
    );
    expect(atCaption.status).toBe(200);
    const atTitle = await publish(
      post('pinterest', 'Pin', { ...pin, pinterest: { boardId: 'b1', title: 't'.repeat(100) } }),
    );
    expect(atTitle.status).toBe(200);
  });
});

describe('duplicates, as the networks refuse them', () => {
  it('refuses an X text identical to one of the profile’s last 24 hours, after NFC', async () => {
    expect((await publish(post('x', 'Café opens at nine'))).status).toBe(200);
    await advance(t, 60);
    const again = await publish(post('x', 'Cafe\u0301 opens at nine'));
    expect([again.status, again.body.error?.['code']]).toEqual([403, 'x_rejected']);
    expect(again.body.error?.['message']).toMatch(
      /^You are not allowed to create a Tweet with duplicate content\./,
    );
    await advance(t, 20);
    expect((await dryRun(post('x', 'Café opens at nine'))).body).toMatchObject({
      outcome: 'refuse',
      reason: { code: 'x_rejected', status: 403 },
    });
    // The window is 24 hours from the first post (20 seconds apart: the wait between two X posts).
    await advance(t, 86_400 - 80 - 20);
    expect((await publish(post('x', 'Café opens at nine'))).status).toBe(403);
    await advance(t, 20);
    expect((await publish(post('x', 'Café opens at nine'))).status).toBe(200);
  });

  it('takes the same X text on another profile', async () => {
    const other = await fixture(t, { email: 'other@example.com' });
    expect((await publish(post('x', 'Same words'))).status).toBe(200);
    const theirs = await sendPost(t, other.apiKey, {
      post: { accountId: other.profileId, platform: 'x', content: { text: 'Same words' } },
    });
    expect(theirs.status).toBe(200);
  });

  it('refuses a LinkedIn duplicate however old, naming the first share', async () => {
    const first = await publish(post('linkedin', 'We are hiring'));
    const urn = (first.body['data'] as { post_id: string }).post_id;
    expect(urn).toMatch(/^urn:li:share:/);
    await advance(t, 365 * 86_400);
    const again = await publish(post('linkedin', 'We are hiring'));
    expect([again.status, again.body.error?.['code']]).toEqual([500, 'platform_error']);
    expect(again.body.error?.['message']).toBe(`Content is a duplicate of ${urn}.`);
  });

  it('remembers across a restart: the digest is kept in the database', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'socialpub-rules-'));
    try {
      const first = await testApp({ memory: false, dataDir: dir });
      const mine = await fixture(first);
      const body = { post: { accountId: mine.profileId, platform: 'linkedin', content: { text: 'Kept' } } };
      expect((await sendPost(first, mine.apiKey, body)).status).toBe(200);
      await first.close();
      const again = await testApp({ memory: false, dataDir: dir });
      await advance(again, 20);
      const refused = await sendPost(again, mine.apiKey, body);
      expect([refused.status, refused.body.error?.['code']]).toEqual([500, 'platform_error']);
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses consecutive Facebook duplicates only, within 24 hours', async () => {
    expect((await publish(post('facebook', 'Open today'))).status).toBe(200);
    await advance(t, 20);
    const again = await publish(post('facebook', 'Open today'));
    expect([again.status, again.body.error?.['code']]).toEqual([400, 'bad_request']);
    expect(again.body.error?.['message']).toMatch(
      /^\(#506\) Duplicate posts cannot be published consecutively\./,
    );
    await advance(t, 20);
    expect((await publish(post('facebook', 'Closed tomorrow'))).status).toBe(200);
    await advance(t, 20);
    expect((await publish(post('facebook', 'Open today'))).status).toBe(200);
    // The previous post a day old no longer counts as consecutive.
    await advance(t, 86_400 - 20);
    expect((await publish(post('facebook', 'Open today'))).status).toBe(400);
    await advance(t, 20);
    expect((await publish(post('facebook', 'Open today'))).status).toBe(200);
  });
});

describe('media the networks refuse', () => {
  it('refuses five images on X and a video with an image, takes four images', async () => {
    const images = (n: number) => Array.from({ length: n }, () => addImage(t, f.accountId));
    const five = await publish(post('x', 'Five', { content: { text: 'Five', mediaID: images(5) } }));
    expect(five.body.error?.['message']).toContain('Images per post: 5 of 4 images.');
    await advance(t, 20);
    const video = addImage(t, f.accountId, { kind: 'video', type: 'video/mp4', fileName: 'v.mp4' });
    const mixed = await publish(
      post('x', 'Mixed', { content: { text: 'Mixed', mediaID: [video, ...images(1)] } }),
    );
    expect(mixed.body.error?.['message']).toMatch(/^A post takes 1 video and nothing else/);
    await advance(t, 20);
    expect((await publish(post('x', 'Four', { content: { text: 'Four', mediaID: images(4) } }))).status).toBe(
      200,
    );
  });

  it('refuses a 600 MB video on X (512 MB) though the service takes 5 GB', async () => {
    const video = addImage(t, f.accountId, {
      kind: 'video',
      type: 'video/mp4',
      fileName: 'v.mp4',
      size: 600 * 1024 ** 2,
    });
    const sent = await publish(post('x', 'Film', { content: { text: 'Film', mediaID: [video] } }));
    expect(sent.body.error?.['message']).toBe(
      'Videos are at most 512 MB. Video size: 600 MB, at most 512 MB.',
    );
  });
});

describe('posting limits of the networks', () => {
  it('refuses the 101st X post of a profile in 15 minutes, counting only what the network took', async () => {
    seedPosts(t, f, 99, { platform: 'x' });
    seedPosts(t, f, 5, { platform: 'x', status: 'failed' });
    await advance(t, 20);
    expect((await publish(post('x', 'Number 100'))).status).toBe(200);
    await advance(t, 20);
    const over = await publish(post('x', 'Number 101'));
    expect([over.status, over.body.error?.['code']]).toEqual([429, 'x_rejected']);
    await advance(t, 15 * 60);
    expect((await publish(post('x', 'Number 101'))).status).toBe(200);
  });
});

describe('scheduled posts say so before they go out', () => {
  it('warns caption_over_limit with the count, then the network refuses it when it goes out', async () => {
    const at = new Date(t.services.clock.now().getTime() + 3_600_000).toISOString();
    const scheduled = await publish(post('x', X_416, { scheduledFor: at }));
    expect(scheduled.status).toBe(202);
    expect(scheduled.body['warnings']).toEqual([
      expect.objectContaining({
        code: 'caption_over_limit',
        field: 'content.text',
        message: expect.stringContaining('416 of 280 weighted characters'),
      }),
    ]);
    await advance(t, 3_601);
    const id = scheduled.body['scheduled_post_id'] as string;
    const read = (await (await t.api('GET', `/api/v2/posts/${id}`, f.apiKey)).json()) as {
      status: string;
      results: { status: string; error_message: string }[];
    };
    expect(read.status).toBe('failed');
    expect(read.results[0]?.error_message).toContain('Your Tweet text is too long.');
    expect(await deliveries()).toBe(0);
  });

  it('refuses the second of two identical X posts due together (one drain, one transaction)', async () => {
    const at = new Date(t.services.clock.now().getTime() + 3_600_000).toISOString();
    const first = await publish(post('x', 'Due together', { scheduledFor: at }));
    const second = await publish(post('x', 'Due together', { scheduledFor: at }));
    await advance(t, 3_601);
    const outcomes = [];
    for (const answer of [first, second]) {
      const id = answer.body['scheduled_post_id'] as string;
      outcomes.push(
        ((await (await t.api('GET', `/api/v2/posts/${id}`, f.apiKey)).json()) as { status: string }).status,
      );
    }
    expect(outcomes.sort()).toEqual(['failed', 'published']);
    expect(await deliveries()).toBe(1);
  });

  it('refuses files the network will refuse when the post is scheduled', async () => {
    const at = new Date(t.services.clock.now().getTime() + 3_600_000).toISOString();
    const images = Array.from({ length: 5 }, () => addImage(t, f.accountId));
    const answer = await publish(
      post('x', 'Later', { content: { text: 'Later', mediaID: images }, scheduledFor: at }),
    );
    expect([answer.status, answer.body.error?.['code']]).toEqual([400, 'x_rejected']);
  });
});

describe('simulate.rules lenient', () => {
  it('takes what the real networks refuse, as before: long text and duplicates', async () => {
    expect((await lenient('x')).status).toBe(200);
    expect((await publish(post('x', X_416))).status).toBe(200);
    await advance(t, 20);
    expect((await publish(post('x', X_416))).status).toBe(200);
    await advance(t, 20);
    expect((await dryRun(post('x', X_416))).body).toMatchObject({ outcome: 'publish' });
    // The API document's own rules still apply: threads over 500 characters is a 400.
    await lenient('threads');
    expect((await publish(post('threads', 'a'.repeat(501)))).status).toBe(400);
  });
});
