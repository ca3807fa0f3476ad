import { LibraryItemSchema, MediaStatusResponseSchema } from '@socialpub/core';
import { RateLimitError, type SocialPub } from '@socialpub/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCuttingProxy } from './helpers/cutting-proxy.js';
import { type FileServer, startFileServer } from './helpers/file-server.js';
import { jpegBytes, mp4Bytes, sha256Of, tempFile } from './helpers/media-fixtures.js';
import { rejectionOf } from './helpers/rejection.js';
import { TestServer } from './helpers/test-server.js';

let t: TestServer;
let client: SocialPub;
let files: FileServer;
let jpeg: Buffer;

beforeAll(async () => {
  t = await TestServer.start({ importAllow: ['127.0.0.1'] });
  client = t.client({ maxRetries: 0 });
  jpeg = await jpegBytes();
  files = await startFileServer({ '/photos/sunset.jpg': { contentType: 'image/jpeg', bytes: jpeg } });
});
afterAll(async () => {
  await files.close();
  await t.close();
});

/** Statuses of the storage PATCHes the server has answered, oldest first. */
async function storagePatches(): Promise<number[]> {
  const { body } = await t.admin<{ data: { method: string; path: string; status: number }[] }>(
    'GET',
    '/requests?limit=1000',
  );
  return body.data
    .filter((entry) => entry.method === 'PATCH' && entry.path.startsWith('/storage/'))
    .map((entry) => entry.status)
    .reverse();
}

/** Tus retries after a cut without real waiting to speak of (the offset is read again each time). */
const FAST_RETRIES = [0, 50, 100, 200, 400, 800, 1600];

describe('URL import', () => {
  it('imports a JPEG from a loopback host: ready, readable by status, listed in the library', async () => {
    const imported = await client.media.import(`${files.origin}/photos/sunset.jpg`);
    expect(imported).toMatchObject({ success: true, status: 'ready', size: jpeg.length, type: 'image/jpeg' });
    expect(files.requests.some((line) => line.startsWith('HEAD /photos/sunset.jpg'))).toBe(true);

    const status = MediaStatusResponseSchema.parse(await client.media.retrieve(imported.file_id));
    expect(status).toMatchObject({
      success: true,
      file_id: imported.file_id,
      status: 'ready',
      size: jpeg.length,
    });
    expect(status.public_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/files\//);
    const served = await fetch(status.public_url ?? '');
    expect(sha256Of(Buffer.from(await served.arrayBuffer()))).toBe(sha256Of(jpeg));

    const library = await client.media.files.list({ type: 'image' }).toArray();
    const item = LibraryItemSchema.parse(library.find((entry) => entry.file_id === imported.file_id));
    expect(item).toMatchObject({ kind: 'image', source: 'url_import', usable: true, status: 'ready' });
  });

  it('refuses a second import within 20 seconds with rate_limited, and takes it after the wait', async () => {
    await t.advance(21);
    await client.media.import(`${files.origin}/photos/sunset.jpg`);
    const error = await rejectionOf(client.media.import(`${files.origin}/photos/sunset.jpg`), RateLimitError);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(error.retryAfterSeconds).toBeGreaterThan(0);
    await t.advance(21);
    expect((await client.media.import(`${files.origin}/photos/sunset.jpg`)).status).toBe('ready');
  });
});

describe('upload links', () => {
  it('uploads a 20 MB video through an upload link: ready with the same sha256', async () => {
    const file = await tempFile('launch-video.mp4', mp4Bytes(20 * 1024 * 1024 + 12_345));
    try {
      const progress: number[] = [];
      const ready = await client.media.upload(file.path, {
        onProgress: ({ bytesSent }) => progress.push(bytesSent),
      });
      expect(ready).toMatchObject({ status: 'ready', size: file.bytes.length, type: 'video/mp4' });
      expect(progress.at(-1)).toBe(file.bytes.length);
      const library = await client.media.files.list({ name_contains: 'launch video' }).toArray();
      expect(library.map((item) => item.file_id)).toContain(ready.file_id);
      const stored = await fetch(ready.public_url ?? '');
      expect(sha256Of(Buffer.from(await stored.arrayBuffer()))).toBe(file.sha256);
    } finally {
      await file.remove();
    }
  });

  it('resumes after ten connection cuts mid-upload, sending at most 10% more than the file', async () => {
    const file = await tempFile('cut-ten-times.mp4', mp4Bytes(20 * 1024 * 1024));
    const storage = t.running.socialpub.services.urls;
    const earlier = (await storagePatches()).length;
    const patchesOfThisUpload = async () => (await storagePatches()).slice(earlier);
    const proxy = await startCuttingProxy({
      upstreamPort: t.running.port,
      cuts: 10,
      cutAfterBytes: Math.floor(file.bytes.length / 12),
      // The server has answered the cut PATCH (its request log entry exists) before the client goes on.
      settle: async () => {
        for (let polls = 0; polls < 200; polls++) {
          if ((await patchesOfThisUpload()).filter((status) => status === 400).length >= proxy.cutsMade)
            return;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      },
    });
    // Only the storage host is behind the flaky link; the API calls go straight to the server.
    storage.storage = proxy.origin;
    try {
      const ready = await client.media.upload(file.path, { retryDelays: FAST_RETRIES });
      expect(proxy.cutsMade).toBe(10);
      expect(ready).toMatchObject({ status: 'ready', size: file.bytes.length });
      // Ten pieces cut mid-body (the server kept what arrived), then one that ran to the end.
      const patches = await patchesOfThisUpload();
      const sent = `${proxy.bytesToUpstream} bytes, PATCH answers ${patches.join(',')}`;
      expect(proxy.bytesToUpstream, sent).toBeGreaterThanOrEqual(file.bytes.length);
      expect(proxy.bytesToUpstream, sent).toBeLessThanOrEqual(1.1 * file.bytes.length);
      expect(patches.filter((status) => status === 400)).toHaveLength(10);
      expect(patches.filter((status) => status !== 400)).toEqual([204]);
      const complete = await client.uploads.complete(ready.file_id);
      expect(complete).toMatchObject({ status: 'ready', sha256: file.sha256 });
    } finally {
      storage.storage = t.url;
      await proxy.close();
      await file.remove();
    }
  });

  it('renews an expired token mid-upload and resumes from the stored offset, never from zero', async () => {
    const file = await tempFile('token-expiry.mp4', mp4Bytes(15 * 1024 * 1024));
    const patchOffsets: number[] = [];
    const tokenCalls: number[] = [];
    let patches = 0;
    // Between the first and second piece, 2 hours and a minute pass on the virtual clock.
    const watching: typeof fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : input);
      const method = input instanceof Request ? input.method : init?.method;
      if (method === 'PATCH') {
        patchOffsets.push(Number(new Headers(init?.headers).get('upload-offset')));
        if (patches++ === 1) await t.advance(2 * 3600 + 60);
      }
      const response = await fetch(input, init);
      if (url.pathname.endsWith('/token')) tokenCalls.push(response.status);
      return response;
    };
    const uploader = t.client({ maxRetries: 0, fetch: watching });
    try {
      const ready = await uploader.media.upload(file.path, { retryDelays: FAST_RETRIES });
      expect(ready).toMatchObject({ status: 'ready', size: file.bytes.length });
      expect(tokenCalls).toEqual([200]);
      expect(patchOffsets[0]).toBe(0);
      // Every piece after the first starts past zero: the renewed token resumed, nothing restarted.
      expect(patchOffsets.slice(1).every((offset) => offset > 0)).toBe(true);
      expect(patchOffsets.filter((offset) => offset === patchOffsets[1]).length).toBe(2);
      const complete = await uploader.uploads.complete(ready.file_id);
      expect(complete.sha256).toBe(file.sha256);
    } finally {
      await file.remove();
    }
  });
});
