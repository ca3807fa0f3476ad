import { GIGABYTE, LIMITS } from '@socialpub/core';
import { afterEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/test-app.js';
import { advance, createLink, jpegBytes, json, patch, uploadsTest } from '../helpers/uploads.js';

let current: TestApp | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

async function setup(plan = 'skilled') {
  const made = await uploadsTest(plan);
  current = made.t;
  return made;
}

let counter = 0;
const video = (size: number) => ({
  file_name: `clip-${counter++}.mp4`,
  size_bytes: size,
  sha256: 'b'.repeat(64),
});
type ErrorAnswer = { error: Record<string, unknown> & { code: string } };

async function cancel(t: TestApp, key: string, fileId: string): Promise<Response> {
  return t.api('DELETE', `/api/v2/media/uploads/${fileId}`, key);
}

describe('upload-link budget (Limits, Upload links)', () => {
  it('refuses a file that does not fit next to held links with every documented field', async () => {
    const { t, fixture } = await setup('beginner');
    const first = await createLink(t, fixture.apiKey, video(1.5 * GIGABYTE));
    expect(first.res.status).toBe(201);
    const res = await t.api('POST', '/api/v2/media/uploads', fixture.apiKey, json(video(GIGABYTE)));
    expect(res.status).toBe(429);
    const { error } = (await res.json()) as ErrorAnswer;
    expect(error).toMatchObject({
      code: 'import_budget_exhausted',
      used_bytes: 0,
      held_bytes: 1.5 * GIGABYTE,
      held_until: first.link.upload.resume_before,
      limit_bytes: 2 * GIGABYTE,
      remaining_bytes: 0.5 * GIGABYTE,
      requested_bytes: GIGABYTE,
      window: 'day',
      resets_at: '2026-03-03T00:00:00.000Z',
      plan: 'beginner',
    });
    expect(typeof error['upgrade_url']).toBe('string');
    expect(error['retry_after_seconds']).toBe(4 * 3600);
    // Errors: the Retry-After header is sent only when the wait is an hour or less.
    expect(res.headers.get('retry-after')).toBeNull();
  });

  it('gives no retry_after_seconds for a file larger than the whole budget', async () => {
    const { t, fixture } = await setup('beginner');
    const res = await t.api('POST', '/api/v2/media/uploads', fixture.apiKey, json(video(3 * GIGABYTE)));
    expect(res.status).toBe(429);
    const { error } = (await res.json()) as ErrorAnswer;
    expect(error.code).toBe('import_budget_exhausted');
    expect(error['retry_after_seconds']).toBeUndefined();
  });

  it('releases a cancelled hold but keeps the bytes that arrived in the day', async () => {
    const { t, fixture } = await setup('beginner');
    const big = await createLink(t, fixture.apiKey, {
      file_name: 'big.jpg',
      size_bytes: 20_000,
      sha256: 'c'.repeat(64),
    });
    expect((await patch(t, big.link, 0, jpegBytes(5_000))).status).toBe(204);
    expect((await cancel(t, fixture.apiKey, big.link.file_id)).status).toBe(200);
    const limit = 2 * GIGABYTE;
    const fits = await t.api('POST', '/api/v2/media/uploads', fixture.apiKey, json(video(limit - 5_000)));
    expect(fits.status).toBe(201);
    const { link } = (await fits.json().then((l) => ({ link: l }))) as { link: { file_id: string } };
    await cancel(t, fixture.apiKey, link.file_id);
    const over = await t.api('POST', '/api/v2/media/uploads', fixture.apiKey, json(video(limit - 4_999)));
    expect(over.status).toBe(429);
    expect(((await over.json()) as ErrorAnswer).error['used_bytes']).toBe(5_000);
  });

  it('starts a fresh budget at 00:00 UTC', async () => {
    const { t, fixture } = await setup('beginner');
    const first = await createLink(t, fixture.apiKey, {
      file_name: 'a.jpg',
      size_bytes: 10_000,
      sha256: 'd'.repeat(64),
    });
    await patch(t, first.link, 0, jpegBytes(10_000));
    await cancel(t, fixture.apiKey, first.link.file_id);
    const full = 2 * GIGABYTE;
    expect((await t.api('POST', '/api/v2/media/uploads', fixture.apiKey, json(video(full)))).status).toBe(
      429,
    );
    await advance(t, 14 * 3600);
    expect((await t.api('POST', '/api/v2/media/uploads', fixture.apiKey, json(video(full)))).status).toBe(
      201,
    );
  });
});

describe('open uploads and link rates', () => {
  it('refuses the eleventh open upload with 429 too_many_open_uploads', async () => {
    const { t, fixture } = await setup('agency');
    for (let i = 0; i < LIMITS.uploadLink.maxOpenUploadsPerAccount; i++) {
      expect((await createLink(t, fixture.apiKey, video(100))).res.status).toBe(201);
    }
    const res = await t.api('POST', '/api/v2/media/uploads', fixture.apiKey, json(video(100)));
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('60');
    expect(((await res.json()) as ErrorAnswer).error).toMatchObject({
      code: 'too_many_open_uploads',
      open: 10,
      limit: 10,
    });
  });

  it('refuses the 21st new link within 10 minutes, then allows it once the window passed', async () => {
    const { t, fixture } = await setup('agency');
    for (let i = 0; i < 20; i++) {
      const { res, link } = await createLink(t, fixture.apiKey, video(100));
      expect(res.status).toBe(201);
      await cancel(t, fixture.apiKey, link.file_id);
      await advance(t, 10);
    }
    const refused = await t.api('POST', '/api/v2/media/uploads', fixture.apiKey, json(video(100)));
    expect(refused.status).toBe(429);
    const { error } = (await refused.json()) as ErrorAnswer;
    expect(error).toMatchObject({ code: 'rate_limited', window: '10_minutes' });
    // The oldest of the 20 was made at 0 s and it is now 200 s: the window frees at 600 s.
    expect(Number(refused.headers.get('retry-after'))).toBe(400);
    await advance(t, 399);
    expect((await t.api('POST', '/api/v2/media/uploads', fixture.apiKey, json(video(100)))).status).toBe(429);
    await advance(t, 1);
    expect((await createLink(t, fixture.apiKey, video(100))).res.status).toBe(201);
  });

  it('refuses the 101st new link of a UTC day with window day', async () => {
    const { t, fixture } = await setup('agency');
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < 20; i++) {
        const { res, link } = await createLink(t, fixture.apiKey, video(100));
        expect(res.status).toBe(201);
        await cancel(t, fixture.apiKey, link.file_id);
      }
      await advance(t, 601);
    }
    const refused = await t.api('POST', '/api/v2/media/uploads', fixture.apiKey, json(video(100)));
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as ErrorAnswer).error).toMatchObject({
      code: 'rate_limited',
      window: 'day',
    });
  });

  it('counts links, tokens, complete and cancel together: the 61st call in a minute is refused', async () => {
    const { t, fixture } = await setup('agency');
    const { link } = await createLink(t, fixture.apiKey, video(100));
    for (let i = 0; i < 29; i++) {
      expect(
        (await t.api('POST', `/api/v2/media/uploads/${link.file_id}/complete`, fixture.apiKey)).status,
      ).toBe(409);
      expect(
        (await t.api('POST', `/api/v2/media/uploads/${link.file_id}/token`, fixture.apiKey)).status,
      ).toBe(i < LIMITS.uploadLink.maxTokensPerLink ? 200 : 429);
    }
    expect((await cancel(t, fixture.apiKey, link.file_id)).status).toBe(200);
    const refused = await t.api('POST', '/api/v2/media/uploads', fixture.apiKey, json(video(100)));
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as ErrorAnswer).error).toMatchObject({
      code: 'rate_limited',
      window: 'minute',
    });
    await advance(t, 60);
    expect((await createLink(t, fixture.apiKey, video(100))).res.status).toBe(201);
  });
});
