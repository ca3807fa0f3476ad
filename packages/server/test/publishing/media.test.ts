import { mediaSizeLimit } from '@socialpub/core';
import { describe, expect, it } from 'vitest';
import { postingState, sendPost } from '../helpers/publishing.js';
import { addStoredPhoto, codes, usePublishMedia } from './publish-media-helpers.js';

const s = usePublishMedia();

const url = (path: string) => `${s.files.origin}${path}`;
const tiktok = { privacyLevel: 'SELF_ONLY' };
const GB = 1024 ** 3;

type Content = { mediaID?: string[]; mediaUrls?: string[]; text?: string };
const post = (platform: string, content: Content, options: Record<string, unknown> = {}) => ({
  post: { accountId: s.f.profileId, platform, content, ...options },
});
const stored = (bytes: Buffer) => addStoredPhoto(s.t, s.f.accountId, bytes);

interface Refusal {
  name: string;
  body: () => unknown;
  status: number;
  code: string;
  extra?: () => Record<string, unknown>;
}

const REFUSALS: Refusal[] = [
  {
    name: 'a HEIC library photo (second of two) on tiktok',
    body: () => post('tiktok', { mediaID: [stored(s.photos.small), stored(s.photos.heic)] }, { tiktok }),
    status: 422,
    code: 'photo_format_not_supported',
    extra: () => ({ photo: 2 }),
  },
  {
    name: 'HEIC bytes behind a .jpg mediaUrls address on tiktok',
    body: () => post('tiktok', { mediaUrls: [url('/heic.jpg')] }, { tiktok }),
    status: 422,
    code: 'photo_format_not_supported',
    extra: () => ({ photo: 1 }),
  },
  {
    name: 'a WebP above 1080 x 1920 from mediaUrls on tiktok',
    body: () => post('tiktok', { mediaUrls: [url('/small.jpg'), url('/huge.webp')] }, { tiktok }),
    status: 422,
    code: 'photo_too_large_to_resize',
    extra: () => ({ photo: 2 }),
  },
  {
    name: 'a PNG over 6,000,000 pixels in the library on tiktok',
    body: () => post('tiktok', { mediaID: [stored(s.photos.giantPng)] }, { tiktok }),
    status: 422,
    code: 'photo_too_large_to_convert',
    extra: () => ({ photo: 1 }),
  },
  {
    name: 'a damaged JPEG in the library on tiktok',
    body: () =>
      post('tiktok', { mediaID: [stored(Buffer.concat([s.photos.small.subarray(0, 200)]))] }, { tiktok }),
    status: 422,
    code: 'photo_conversion_failed',
    extra: () => ({ photo: 1 }),
  },
  {
    name: 'a tiktok video whose host sends no usable Content-Length',
    body: () => post('tiktok', { mediaUrls: [url('/no-length.mp4')] }, { tiktok }),
    status: 400,
    code: 'video_size_unknown',
  },
  {
    name: 'a tiktok video whose host does not answer',
    body: () => post('tiktok', { mediaUrls: [`http://127.0.0.1:${s.deadPort}/clip.mp4`] }, { tiktok }),
    status: 400,
    code: 'video_size_unknown',
  },
  {
    name: 'a tiktok video whose address answers not found',
    body: () => post('tiktok', { mediaUrls: [url('/gone.mp4')] }, { tiktok }),
    status: 400,
    code: 'video_size_unknown',
  },
  {
    name: 'a tiktok video of 5 GB by its HEAD (tiktok 4 GB)',
    body: () => post('tiktok', { mediaUrls: [url('/five-gb.mp4')] }, { tiktok }),
    status: 413,
    code: 'MEDIA_TOO_LARGE',
    extra: () => ({
      platform: 'tiktok',
      size_bytes: 5 * GB,
      max_video_bytes: mediaSizeLimit('tiktok', 'video'),
      max_image_bytes: mediaSizeLimit('tiktok', 'image'),
      limits_url: expect.any(String),
    }),
  },
  {
    name: 'a threads video of 2 GB by its HEAD (threads 1 GB)',
    body: () => post('threads', { text: 'a', mediaUrls: [url('/two-gb.mp4')] }),
    status: 413,
    code: 'MEDIA_TOO_LARGE',
    extra: () => ({
      platform: 'threads',
      size_bytes: 2 * GB,
      max_video_bytes: mediaSizeLimit('threads', 'video'),
    }),
  },
  {
    name: 'a pinterest image of 25 MB by its HEAD',
    body: () => post('pinterest', { mediaUrls: [url('/25mb.jpg')] }, { pinterest: { boardId: 'b1' } }),
    status: 413,
    code: 'MEDIA_TOO_LARGE',
    extra: () => ({ platform: 'pinterest', max_image_bytes: mediaSizeLimit('pinterest', 'image') }),
  },
  {
    name: 'a tiktok photo of 25 MB by its HEAD',
    body: () => post('tiktok', { mediaUrls: [url('/25mb.jpg')] }, { tiktok }),
    status: 413,
    code: 'MEDIA_TOO_LARGE',
    extra: () => ({ platform: 'tiktok', size_bytes: 25 * 1024 ** 2 }),
  },
  {
    name: 'a mediaUrls address on a private network (not in importAllow)',
    body: () => post('x', { text: 'a', mediaUrls: [`http://127.0.0.2:${s.files.port}/small.jpg`] }),
    status: 400,
    code: 'media_not_available',
  },
];

describe('POST /posts media refusals', () => {
  it.each(REFUSALS.map((row) => [row.name, row] as const))('refuses %s', async (_name, row) => {
    const before = postingState(s.t);
    const answer = await sendPost(s.t, s.f.apiKey, row.body());
    expect(answer.status).toBe(row.status);
    expect(answer.body.error?.['code']).toBe(row.code);
    if (row.extra) expect(answer.body.error).toMatchObject(row.extra());
    expect(postingState(s.t)).toEqual(before);
  });

  it('names the private address in the refusal and never asks it', async () => {
    const seen = s.files.seen.length;
    const answer = await sendPost(
      s.t,
      s.f.apiKey,
      post('x', { text: 'a', mediaUrls: [`http://127.0.0.2:${s.files.port}/small.jpg`] }),
    );
    expect(answer.body.error?.['message']).toMatch(/127\.0\.0\.2.*not a public address/);
    expect(s.files.seen.length).toBe(seen);
  });

  it.each([
    [
      'HEIC photo',
      () => post('tiktok', { mediaUrls: [url('/heic.jpg')] }, { tiktok }),
      422,
      'photo_format_not_supported',
    ],
    [
      'video without size',
      () => post('tiktok', { mediaUrls: [url('/no-length.mp4')] }, { tiktok }),
      400,
      'video_size_unknown',
    ],
  ] as const)('reports a %s refusal in a dry run without recording it', async (_name, body, status, code) => {
    const before = postingState(s.t);
    const answer = await sendPost(s.t, s.f.apiKey, { ...body(), dryRun: true });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ dry_run: true, outcome: 'refuse', reason: { code, status } });
    expect(postingState(s.t)).toEqual(before);
  });
});

interface Accepted {
  name: string;
  body: () => unknown;
  status: number;
  warnings: Record<string, unknown>[];
  notices: Record<string, unknown>[];
}

const resized = (photo: number, count: number) => ({
  code: 'resized_for_tiktok',
  photo,
  photos: count,
  size: { width: 1500, height: 2500 },
  copy_size: { width: 1080, height: 1800 },
});

const ACCEPTED: Accepted[] = [
  {
    name: 'a library PNG above 1080 x 1920: converted and resized',
    body: () => post('tiktok', { mediaID: [stored(s.photos.bigPng)] }, { tiktok }),
    status: 200,
    warnings: [{ code: 'converted_to_jpeg', photo: 1 }, resized(1, 1)],
    notices: [resized(1, 1)],
  },
  {
    name: 'a small JPEG and a large PNG from mediaUrls: the second changed',
    body: () => post('tiktok', { mediaUrls: [url('/small.jpg'), url('/big.png')] }, { tiktok }),
    status: 200,
    warnings: [{ code: 'converted_to_jpeg', photo: 2 }, resized(2, 2)],
    notices: [resized(2, 2)],
  },
  {
    name: 'a small library JPEG: sent as it is',
    body: () => post('tiktok', { mediaID: [stored(s.photos.small)] }, { tiktok }),
    status: 200,
    warnings: [],
    notices: [],
  },
  {
    name: 'a tiktok video whose host says its size',
    body: () => post('tiktok', { mediaUrls: [url('/clip.mp4')] }, { tiktok }),
    status: 200,
    warnings: [],
    notices: [],
  },
  {
    // Image sizes for facebook are decided by facebook, which takes photos up to 10 MB.
    name: 'a facebook image of 10 MB (facebook decides: at most 10 MB)',
    body: () => post('facebook', { mediaUrls: [url('/10mb.jpg')] }),
    status: 200,
    warnings: [],
    notices: [],
  },
  {
    name: 'a youtube video of 2 GB (youtube 5 GB)',
    body: () =>
      post(
        'youtube',
        { text: 'a', mediaUrls: [url('/two-gb.mp4')] },
        { youtube: { privacyStatus: 'public', title: 'T' } },
      ),
    status: 202,
    warnings: [],
    notices: [],
  },
];

describe('a photo facebook refuses (image sizes decided by facebook)', () => {
  it('refuses a 25 MB photo as facebook does, records the failure and delivers nothing', async () => {
    const dry = await sendPost(s.t, s.f.apiKey, {
      ...post('facebook', { mediaUrls: [url('/25mb.jpg')] }),
      dryRun: true,
    });
    expect(dry.body).toMatchObject({ outcome: 'refuse', reason: { code: 'bad_request', status: 400 } });
    const answer = await sendPost(s.t, s.f.apiKey, post('facebook', { mediaUrls: [url('/25mb.jpg')] }));
    expect(answer.status).toBe(400);
    expect(answer.body.error?.['message']).toBe(
      'Photos are at most 10 MB. Photo size: 25 MB, at most 10 MB.',
    );
    const postId = (answer.body['service'] as { post_id: string }).post_id;
    const record = (await (await s.t.api('GET', `/api/v2/posts/${postId}`, s.f.apiKey)).json()) as Record<
      string,
      unknown
    >;
    expect(record).toMatchObject({ status: 'failed', error_message: answer.body.error?.['message'] });
  });
});

describe('POST /posts media accepted', () => {
  it.each(ACCEPTED.map((row) => [row.name, row] as const))('publishes %s', async (_name, row) => {
    const answer = await sendPost(s.t, s.f.apiKey, row.body());
    expect(answer.status).toBe(row.status);
    const warnings = (answer.body['warnings'] ?? []) as Record<string, unknown>[];
    expect(warnings).toHaveLength(row.warnings.length);
    expect(warnings).toEqual(row.warnings.map((w) => expect.objectContaining(w)));
    const postId = (answer.body['service'] as { post_id: string }).post_id;
    const record = await s.t.api('GET', `/api/v2/posts/${postId}`, s.f.apiKey);
    const notices = ((await record.json()) as { notices: unknown[] }).notices;
    expect(notices).toEqual(
      row.notices.map((n) => expect.objectContaining({ ...n, message: expect.any(String) })),
    );
  });

  it('reports the photo warnings in a dry run and records nothing', async () => {
    const before = postingState(s.t);
    const answer = await sendPost(s.t, s.f.apiKey, {
      ...post('tiktok', { mediaID: [stored(s.photos.bigPng)] }, { tiktok }),
      dryRun: true,
    });
    expect(answer.body).toMatchObject({ dry_run: true, outcome: 'publish' });
    expect(codes(answer.body['warnings'])).toEqual(['converted_to_jpeg', 'resized_for_tiktok']);
    expect(postingState(s.t)).toEqual(before);
  });

  it('counts a tiktok photo post that went out once', async () => {
    const before = postingState(s.t);
    const answer = await sendPost(
      s.t,
      s.f.apiKey,
      post('tiktok', { mediaID: [stored(s.photos.bigPng)] }, { tiktok }),
    );
    expect(answer.status).toBe(200);
    expect(postingState(s.t)['post_records']).toBe((before['post_records'] ?? 0) + 1);
    expect(codes(answer.body['warnings'])).toContain('resized_for_tiktok');
  });
});
