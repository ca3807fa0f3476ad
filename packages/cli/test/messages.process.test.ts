import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './cli-harness.js';

// The CLI's messages as a user meets them: a file it will not send is refused in one line that says
// why, before any request (exit 2, nothing on the server), and a dry run says what would happen.

let t: TestServer;
let dir: string;
beforeAll(async () => {
  t = await startTestServer();
  dir = join(t.configDir, 'files');
  await mkdir(dir, { recursive: true });
});
afterAll(() => t.close());

async function uploadLinks(): Promise<number> {
  const files = (await t.api('GET', '/api/v2/media/files')).body as { data: unknown[] };
  return files.data.length;
}

describe('media upload refuses a file it will not send, before any request', () => {
  it.each([
    [
      'a missing file',
      'nowhere.mp4',
      undefined,
      (path: string) => `File not found: ${path}. Nothing was sent; check the path.`,
    ],
    [
      'an empty file',
      'empty.mp4',
      Buffer.alloc(0),
      (path: string) => `The file is empty: ${path}. Nothing was sent; an upload needs at least one byte.`,
    ],
    [
      'random bytes named .mp4',
      'random.mp4',
      Buffer.from([0x3f, 0x9a, 0x00, 0x11, 0xc2, 0x7e, 0x51, 0x0b, 1, 2, 3]),
      () =>
        'random.mp4 is not an MP4, MOV or WebM video: its first bytes are 3f 9a 00 11 c2 7e 51 0b. Nothing was sent.',
    ],
  ])('%s: one sentence of its own, exit 2', async (_name, file, bytes, expected) => {
    const path = join(dir, file);
    if (bytes !== undefined) await writeFile(path, bytes);
    const before = await uploadLinks();
    const result = await t.cli(['media', 'upload', path]);
    expect(result.code).toBe(2);
    const line = JSON.parse(result.stdout.trim()) as { state: string; message: string; bytes_sent: number };
    expect(line).toMatchObject({ state: 'refused', message: expected(path), bytes_sent: 0 });
    expect(result.stderr.trim()).toBe(`refused: ${expected(path)}`);
    // Not the table's row of every possible cause.
    expect(result.stdout).not.toContain('call complete once');
    expect(await uploadLinks()).toBe(before);
  });
});

/** `posts create --dry-run` on Demo Brand. */
const dryRun = (platform: string, text: string) =>
  t.cli(['posts', 'create', '--profile', '@demobrand', '--platform', platform, '--text', text, '--dry-run']);

describe('posts create --dry-run', () => {
  it('says what would happen in words, not the reason as JSON', async () => {
    const result = await dryRun('linkedin', 'Only a check');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.trim()).toBe('Dry run: it would be published now; nothing was sent.');
    expect(result.stdout).not.toContain('{');
  });

  it('says a refusal with the code, status and message the request would answer', async () => {
    const result = await dryRun('instagram', 'A caption without its photo');
    expect(result.code, result.stderr).toBe(0);
    const [first, second] = result.stdout.trim().split('\n');
    expect(first).toBe('Dry run: it would be refused; nothing was sent.');
    expect(second).toMatch(/^The request would answer \w+ \(HTTP 4\d\d\)/);
  });
});
