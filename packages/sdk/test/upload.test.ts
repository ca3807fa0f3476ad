import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { APIUserAbortError } from '../src/index.js';
import { Sha256, UploadTransferError } from '../src/upload/index.js';
import { testClient, useMockServer } from './helpers.js';
import { FILE_ID, STORAGE_URL, tusEndpoint } from './tus-endpoint.js';

const server = useMockServer();
const CHUNK = 6_291_456;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const noDelays = [0, 0, 0, 0, 0, 0];

/**
 * Random bytes behind the signature its name promises (MP4's `ftyp isom` box, or JPEG's), since
 * media.upload refuses a file whose first bytes are not what its name says.
 */
function media(size: number, kind: 'mp4' | 'jpg' = 'mp4'): Buffer<ArrayBuffer> {
  const bytes = randomBytes(size);
  if (kind === 'jpg') bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  else bytes.set([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 0, 0]);
  return bytes;
}

describe('media.upload', () => {
  it('renews a rejected token and resumes at the same address from the stored offset', async () => {
    const file = media(2 * CHUNK + 1234);
    const endpoint = tusEndpoint(file, { rejectPatches: [2] });
    server.use(...endpoint.handlers);
    const { client } = testClient();
    const ready = await client.media.upload(new Blob([file]), {
      fileName: 'clip.mp4',
      retryDelays: noDelays,
    });

    expect(ready.status).toBe('ready');
    expect(ready.file_id).toBe(FILE_ID);
    expect(endpoint.log.renewals).toBe(1);
    expect(endpoint.log.methods).not.toContain('POST');
    expect(endpoint.log.headOffsets).toEqual([0, CHUNK]);
    expect(endpoint.storedBytes().equals(file)).toBe(true);
    expect(endpoint.log.bytesSent).toBeLessThanOrEqual(file.length * 1.1);
  });

  it('announces the exact size and SHA-256 of the file', async () => {
    const file = media(70_001, 'jpg');
    const endpoint = tusEndpoint(file);
    server.use(...endpoint.handlers);
    const { client } = testClient();
    await client.media.upload(new Blob([file]), { fileName: 'photo.jpg', retryDelays: noDelays });
    expect(endpoint.log.createBodies[0]).toMatchObject({
      file_name: 'photo.jpg',
      size_bytes: 70_001,
      sha256: sha256(file),
    });
  });

  it('sends at most 1.1 times the file after ten cuts mid-upload', async () => {
    const file = media(2 * CHUNK + 99);
    const endpoint = tusEndpoint(file, { cutPatches: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], cutFraction: 0.3 });
    server.use(...endpoint.handlers);
    const { client } = testClient();
    const progress: number[] = [];
    await client.media.upload(new Blob([file]), {
      fileName: 'clip.mp4',
      retryDelays: noDelays,
      onProgress: ({ bytesSent }) => progress.push(bytesSent),
    });
    expect(endpoint.log.methods.filter((m) => m === 'HEAD').length).toBeGreaterThanOrEqual(11);
    expect(endpoint.log.methods).not.toContain('POST');
    expect(endpoint.storedBytes().equals(file)).toBe(true);
    expect(endpoint.log.bytesSent).toBeLessThanOrEqual(file.length * 1.1);
    expect(progress.at(-1)).toBe(file.length);
  });

  it('reports each byte count once: the final count is not repeated', async () => {
    const file = media(2 * CHUNK + 99);
    const endpoint = tusEndpoint(file);
    server.use(...endpoint.handlers);
    const { client } = testClient();
    const progress: number[] = [];
    await client.media.upload(new Blob([file]), {
      fileName: 'clip.mp4',
      retryDelays: noDelays,
      onProgress: ({ bytesSent }) => progress.push(bytesSent),
    });
    expect(progress.filter((sent) => sent === file.length)).toHaveLength(1);
    expect(progress.some((sent, i) => i > 0 && sent === progress[i - 1])).toBe(false);
  });

  it('calls complete again after the verifying wait', async () => {
    const file = media(5000);
    const endpoint = tusEndpoint(file, { completeAnswers: ['verifying', 'verifying'] });
    server.use(...endpoint.handlers);
    const { client, sleeps } = testClient();
    await client.media.upload(new Blob([file]), { fileName: 'clip.mp4', retryDelays: noDelays });
    expect(endpoint.log.completes).toBe(3);
    expect(sleeps).toEqual([15_000, 15_000]);
  });

  it('resumes once after 409 upload_incomplete and completes', async () => {
    const file = media(5000);
    const endpoint = tusEndpoint(file, { completeAnswers: ['incomplete'] });
    server.use(...endpoint.handlers);
    const { client } = testClient();
    const ready = await client.media.upload(new Blob([file]), {
      fileName: 'clip.mp4',
      retryDelays: noDelays,
    });
    expect(ready.status).toBe('ready');
    expect(endpoint.log.completes).toBe(2);
    expect(endpoint.log.headOffsets).toEqual([0, 5000]);
  });

  it('uploads a file path and a Node stream without holding them whole', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sdk-upload-test-'));
    try {
      const file = media(CHUNK + 10);
      const path = join(dir, 'clip.mp4');
      await writeFile(path, file);
      const fromPath = tusEndpoint(file);
      server.use(...fromPath.handlers);
      const { client } = testClient();
      await client.media.upload(path, { retryDelays: noDelays });
      expect(fromPath.log.createBodies[0]).toMatchObject({ file_name: 'clip.mp4', sha256: sha256(file) });
      expect(fromPath.storedBytes().equals(file)).toBe(true);

      const fromStream = tusEndpoint(file);
      server.resetHandlers(...fromStream.handlers);
      await client.media.upload(Readable.from([file.subarray(0, 1000), file.subarray(1000)]), {
        fileName: 'clip.mp4',
        size: file.length,
        retryDelays: noDelays,
      });
      expect(fromStream.storedBytes().equals(file)).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('never creates an upload when the stored one is gone, and reports the storage status', async () => {
    const file = media(3000);
    const endpoint = tusEndpoint(file);
    const methods: string[] = [];
    server.use(
      http.head(STORAGE_URL, () => {
        methods.push('HEAD');
        return new HttpResponse(null, { status: 404 });
      }),
      http.post(STORAGE_URL, () => {
        methods.push('POST');
        return new HttpResponse(null, { status: 201, headers: { Location: STORAGE_URL } });
      }),
      ...endpoint.handlers,
    );
    const { client } = testClient();
    const error = await client.media
      .upload(new Blob([file]), { fileName: 'a.mp4', retryDelays: noDelays })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadTransferError);
    expect((error as UploadTransferError).status).toBe(404);
    expect(methods).toEqual(['HEAD']);
  });

  it('stops with APIUserAbortError when the signal aborts mid-upload', async () => {
    const file = media(CHUNK + 10);
    const endpoint = tusEndpoint(file);
    const controller = new AbortController();
    server.use(...endpoint.handlers);
    const { client } = testClient();
    const upload = client.media.upload(new Blob([file]), {
      fileName: 'a.mp4',
      signal: controller.signal,
      retryDelays: noDelays,
      onProgress: ({ bytesSent }) => {
        if (bytesSent > 0) controller.abort();
      },
    });
    await expect(upload).rejects.toBeInstanceOf(APIUserAbortError);
    expect(endpoint.log.completes).toBe(0);
  });
});

describe('Sha256', () => {
  it.each([0, 1, 55, 56, 63, 64, 65, 1000, 100_003])(
    'matches node:crypto for %i bytes fed in pieces',
    (size) => {
      const bytes = randomBytes(size);
      const hasher = new Sha256();
      for (let start = 0; start < size; start += 37) hasher.update(bytes.subarray(start, start + 37));
      expect(hasher.hex()).toBe(sha256(bytes));
    },
  );
});
