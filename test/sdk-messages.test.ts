import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type UploadFileError, UploadFileError as UploadFileErrorClass } from '@socialpub/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mp4Bytes } from './helpers/media-fixtures.js';
import { TestServer } from './helpers/test-server.js';

// The SDK's own messages, met as a program meets them against a real server: a file it cannot send
// is refused before any request, in words that name the path; a dry run asked for inside the post
// is reported as a dry run, not as a publish.

let t: TestServer;
let folder: string;
/** Requests the client sent, by method and path. */
const sent: string[] = [];

beforeAll(async () => {
  t = await TestServer.start();
  folder = mkdtempSync(join(tmpdir(), 'socialpub-sdk-messages-'));
});
afterAll(async () => {
  await t.close();
  rmSync(folder, { recursive: true, force: true });
});

function client() {
  return t.client({
    fetch: (input, init) => {
      const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
      const url = input instanceof Request ? input.url : String(input);
      sent.push(`${method} ${new URL(url).pathname}`);
      return fetch(input, init);
    },
  });
}

async function refusal(path: string): Promise<UploadFileError> {
  sent.length = 0;
  const error = await client()
    .media.upload(path)
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(UploadFileErrorClass);
  expect(sent).toEqual([]);
  return error as UploadFileError;
}

describe('media.upload refuses a file it cannot send, before any request, naming the path', () => {
  it('a missing file (not a raw ENOENT)', async () => {
    const path = join(folder, 'nowhere.mp4');
    const error = await refusal(path);
    expect(error.message).toBe(`File not found: ${path}. Nothing was sent; check the path.`);
    expect(error).toMatchObject({ problem: 'missing', path });
    expect(error.message).not.toContain('ENOENT');
  });

  it('a folder', async () => {
    const error = await refusal(folder);
    expect(error.message).toBe(`Not a file: ${folder}. Nothing was sent; give the path of a file.`);
  });

  it('an empty file (not "size_bytes: Too small")', async () => {
    const path = join(folder, 'empty.mp4');
    writeFileSync(path, '');
    const error = await refusal(path);
    expect(error.message).toBe(
      `The file is empty: ${path}. Nothing was sent; an upload needs at least one byte.`,
    );
  });

  it('random bytes named .mp4, with their first bytes', async () => {
    const path = join(folder, 'random.mp4');
    writeFileSync(path, Buffer.from([0x3f, 0x9a, 0x00, 0x11, 0xc2, 0x7e, 0x51, 0x0b, 0x99, 0x98]));
    const error = await refusal(path);
    expect(error.message).toBe(
      `random.mp4 is not an MP4, MOV or WebM video: its first bytes are 3f 9a 00 11 c2 7e 51 0b. Nothing was sent from ${path}.`,
    );
    expect(error.problem).toBe('content');
  });

  it('a Blob whose bytes are not what its name says', async () => {
    sent.length = 0;
    const blob = new Blob([Buffer.from('<!doctype html><html></html>')]);
    const error = await client()
      .media.upload(blob, { fileName: 'clip.mp4' })
      .catch((e: unknown) => e);
    expect((error as Error).message).toBe(
      'clip.mp4 is not an MP4, MOV or WebM video: its first bytes are those of a web page (HTML), which the service does not take. Nothing was sent.',
    );
    expect(sent).toEqual([]);
  });

  it('and sends a file that is what its name says', async () => {
    const path = join(folder, 'video.mp4');
    writeFileSync(path, mp4Bytes(64 * 1024));
    const ready = await client().media.upload(path);
    expect(ready.status).toBe('ready');
  });
});

describe('a dry run asked for inside the post', () => {
  it('is reported as a dry run, and nothing is published', async () => {
    const { brand } = await t.demoProfiles();
    const api = client();
    const post = { accountId: brand.profile_id, platform: 'linkedin', content: { text: 'Only a check' } };
    const outcome = await api.posts.create({ ...post, dryRun: true } as typeof post);
    expect(outcome.kind).toBe('dry_run');
    expect(outcome.httpStatus).toBe(200);
    expect(outcome.body).toMatchObject({ dry_run: true, outcome: 'publish', would_publish: true });
    expect(outcome.service).toBeUndefined();
    const { data } = await api.posts.list({ limit: 10 });
    expect(data).toEqual([]);
  });
});
