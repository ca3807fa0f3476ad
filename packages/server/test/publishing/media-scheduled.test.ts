import { describe, expect, it } from 'vitest';
import type { Fixture as FileFixture } from '../helpers/media-import-server.js';
import { addFile, advance, postingState, sendPost } from '../helpers/publishing.js';
import { addStoredPhoto, codes, usePublishMedia } from './publish-media-helpers.js';

const s = usePublishMedia();

const url = (path: string) => `${s.files.origin}${path}`;
const dead = (path: string) => `http://127.0.0.1:${s.deadPort}${path}`;
const privateUrl = (path: string) => `http://127.0.0.2:${s.files.port}${path}`;
const inAnHour = () => new Date(s.t.services.clock.now().getTime() + 3_600_000).toISOString();
const skool = { group: 'g1', title: 'T', label: 'l' };
const tiktok = { privacyLevel: 'SELF_ONLY' };

type Content = { mediaID?: string[]; mediaUrls?: string[]; text?: string };
const scheduled = (platform: string, content: Content, options: Record<string, unknown> = {}) => ({
  post: { accountId: s.f.profileId, platform, content, scheduledFor: inAnHour(), ...options },
});
const reel = (cover: string) => ({ postType: 'reel', coverUrl: cover });

interface Row {
  name: string;
  body: () => unknown;
  status: number;
  code: string;
  warnings?: string[];
}

// scheduledFor rule 6: mediaUrls are fetched when it goes out; an address already answering not
// found is refused; a reel's instagram.coverUrl behaves the same.
const RULE_6: Row[] = [
  {
    name: 'mediaUrls answering not found',
    body: () => scheduled('skool', { text: 'a', mediaUrls: [url('/gone.jpg')] }, { skool }),
    status: 400,
    code: 'media_not_available',
  },
  {
    name: 'a reel coverUrl answering not found',
    body: () =>
      scheduled('instagram', { mediaUrls: [url('/clip.mp4')] }, { instagram: reel(url('/gone.jpg')) }),
    status: 400,
    code: 'media_not_available',
  },
  {
    name: 'a reel coverUrl on a private address',
    body: () =>
      scheduled(
        'instagram',
        { mediaUrls: [url('/clip.mp4')] },
        { instagram: reel(privateUrl('/small.jpg')) },
      ),
    status: 400,
    code: 'media_not_available',
  },
  {
    name: 'mediaUrls on a private address',
    body: () => scheduled('skool', { text: 'a', mediaUrls: [privateUrl('/small.jpg')] }, { skool }),
    status: 400,
    code: 'media_not_available',
  },
  {
    name: 'a tiktok video whose host does not say its size',
    body: () => scheduled('tiktok', { mediaUrls: [url('/no-length.mp4')] }, { tiktok }),
    status: 400,
    code: 'video_size_unknown',
  },
  {
    name: 'mediaUrls that answer',
    body: () => scheduled('skool', { text: 'a', mediaUrls: [url('/small.jpg')] }, { skool }),
    status: 202,
    code: 'scheduled',
    warnings: ['media_url_not_kept'],
  },
  {
    // Decision: a host not answering now is not refused; the address is fetched when it goes out.
    name: 'mediaUrls on a host that does not answer',
    body: () => scheduled('skool', { text: 'a', mediaUrls: [dead('/a.jpg')] }, { skool }),
    status: 202,
    code: 'scheduled',
    warnings: ['media_url_not_kept'],
  },
  {
    name: 'a tiktok video on a host that does not answer',
    body: () => scheduled('tiktok', { mediaUrls: [dead('/a.mp4')] }, { tiktok }),
    status: 202,
    code: 'scheduled',
    warnings: ['media_url_not_kept'],
  },
  {
    name: 'a reel coverUrl that answers',
    body: () =>
      scheduled('instagram', { mediaUrls: [url('/clip.mp4')] }, { instagram: reel(url('/small.jpg')) }),
    status: 202,
    code: 'scheduled',
    warnings: ['media_url_not_kept', 'media_url_not_kept'],
  },
  {
    name: 'a tiktok photo post from the library (PNG above 1080 x 1920)',
    body: () =>
      scheduled('tiktok', { mediaID: [addStoredPhoto(s.t, s.f.accountId, s.photos.bigPng)] }, { tiktok }),
    status: 202,
    code: 'scheduled',
    warnings: ['converted_to_jpeg', 'resized_for_tiktok'],
  },
  {
    name: 'a tiktok photo post with a HEIC photo',
    body: () =>
      scheduled('tiktok', { mediaID: [addStoredPhoto(s.t, s.f.accountId, s.photos.heic)] }, { tiktok }),
    status: 422,
    code: 'photo_format_not_supported',
  },
];

describe('scheduledFor rule 6 and media checks of a scheduled post', () => {
  it.each(RULE_6.map((row) => [row.name, row] as const))('answers %s', async (_name, row) => {
    const before = postingState(s.t);
    const answer = await sendPost(s.t, s.f.apiKey, row.body());
    expect(answer.status).toBe(row.status);
    if (row.status >= 400) {
      expect(answer.body.error?.['code']).toBe(row.code);
      expect(postingState(s.t)).toEqual(before);
      return;
    }
    expect(answer.body['code']).toBe(row.code);
    expect(codes(answer.body['warnings'])).toEqual(row.warnings);
  });

  it('does not ask the cover of a reel sent now (the network fetches it)', async () => {
    const seen = s.files.seen.length;
    const answer = await sendPost(s.t, s.f.apiKey, {
      post: {
        accountId: s.f.profileId,
        platform: 'instagram',
        content: { mediaUrls: [url('/clip.mp4')] },
        instagram: reel(url('/gone.jpg')),
      },
    });
    expect(answer.status).toBe(200);
    expect(s.files.seen.slice(seen).map((r) => r.url)).toEqual(['/clip.mp4']);
  });
});

interface ScheduledView {
  outcome: string;
  results: { status: string; post_id: string | null; error_message: string | null; notices: unknown[] }[];
}

async function readScheduled(id: string): Promise<ScheduledView> {
  const res = await s.t.api('GET', `/api/v2/posts/${id}`, s.f.apiKey);
  return (await res.json()) as ScheduledView;
}

describe('a scheduled tiktok photo post when it goes out', () => {
  it('records the resized_for_tiktok notice on the post record', async () => {
    const answer = await sendPost(
      s.t,
      s.f.apiKey,
      scheduled('tiktok', { mediaID: [addStoredPhoto(s.t, s.f.accountId, s.photos.bigPng)] }, { tiktok }),
    );
    await advance(s.t, 3600);
    const view = await readScheduled(answer.body['scheduled_post_id'] as string);
    const postId = view.results[0]?.post_id;
    expect(postId).toEqual(expect.any(String));
    const record = (await (await s.t.api('GET', `/api/v2/posts/${postId}`, s.f.apiKey)).json()) as {
      notices: unknown[];
    };
    expect(record.notices).toEqual([
      expect.objectContaining({
        code: 'resized_for_tiktok',
        photo: 1,
        photos: 1,
        size: { width: 1500, height: 2500 },
        copy_size: { width: 1080, height: 1800 },
      }),
    ]);
  });

  it.each([
    ['a photo that became HEIC', heicFixture, 'photo_format_not_supported'],
    ['an address that went away', undefined, 'media_not_available'],
  ] as const)('does not send it when %s', async (_name, swap, code) => {
    s.served['/swap.jpg'] = { type: 'image/jpeg', body: s.photos.small };
    const answer = await sendPost(
      s.t,
      s.f.apiKey,
      scheduled('tiktok', { mediaUrls: [url('/swap.jpg')] }, { tiktok }),
    );
    expect(answer.status).toBe(202);
    const replacement = swap?.();
    if (replacement === undefined) delete s.served['/swap.jpg'];
    else s.served['/swap.jpg'] = replacement;
    const before = postingState(s.t)['post_records'];
    await advance(s.t, 3600);
    const view = await readScheduled(answer.body['scheduled_post_id'] as string);
    expect(view.results[0]).toMatchObject({ status: 'not_sent', post_id: null });
    expect(view.results[0]?.error_message).toContain(code);
    expect(postingState(s.t)['post_records']).toBe(before);
    delete s.served['/swap.jpg'];
  });
});

function heicFixture(): FileFixture {
  return { type: 'application/octet-stream', body: s.photos.heic };
}

describe('media_processing progress', () => {
  it.each([
    [1000, 400, 40],
    [1000, null, 0],
    [0, 500, 0],
  ] as const)(
    'a %i-byte import with %s bytes received answers progress %i',
    async (size, received, progress) => {
      const fileId = addFile(s.t, s.f.accountId, { status: 'processing', size });
      if (received !== null) s.t.services.repos.mediaImports.setBytesUploaded(fileId, received);
      const before = postingState(s.t);
      const answer = await sendPost(s.t, s.f.apiKey, {
        post: { accountId: s.f.profileId, platform: 'x', content: { text: 'a', mediaID: [fileId] } },
      });
      expect(answer.status).toBe(409);
      expect(answer.body.error).toMatchObject({ code: 'media_processing', file_id: fileId, progress });
      expect(postingState(s.t)).toEqual(before);
    },
  );
});
