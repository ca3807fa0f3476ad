import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mp4Bytes, tempFile } from './helpers/media-fixtures.js';
import { REPO_ROOT, type RunResult, runCommand, runNode } from './helpers/run-node.js';
import { TestServer } from './helpers/test-server.js';

/** The built binary: `npm test` builds every package before the tests run. */
const BIN = join(REPO_ROOT, 'packages/cli/dist/bin.js');

let t: TestServer;
let configDir: string;

beforeAll(async () => {
  // A missing build fails here rather than skipping the binary's tests unseen.
  if (!existsSync(BIN))
    throw new Error(`${BIN} is missing: build the CLI first (npm test builds every package)`);
  t = await TestServer.start();
  configDir = await mkdtemp(join(tmpdir(), 'socialpub-e2e-cli-'));
});
afterAll(async () => {
  await t?.close();
  await rm(configDir, { recursive: true, force: true });
});

function env(): Record<string, string> {
  return { SOCIALPUB_API_KEY: t.apiKey, SOCIALPUB_BASE_URL: t.url, SOCIALPUB_CONFIG_DIR: configDir };
}

function socialpub(...args: string[]): Promise<RunResult> {
  return runNode([BIN, ...args], env());
}

describe('socialpub binary against the server', () => {
  it('prints with posts create --json the answer whose post the SDK reads back, and posts get agrees', async () => {
    const created = await socialpub(
      'posts',
      'create',
      '--profile',
      '@sideproject',
      '--platform',
      'linkedin',
      '--text',
      'From the CLI',
      '--json',
    );
    expect(created.code).toBe(0);
    const answer = JSON.parse(created.stdout) as { service: { post_id: string; status_url: string } };
    const record = await t.client().posts.retrieve(answer.service.post_id);
    expect(record).toMatchObject({ id: answer.service.post_id, platform: 'linkedin', status: 'success' });
    expect(answer.service.status_url).toBe(`${t.url}/api/v2/posts/${answer.service.post_id}`);
    const read = await socialpub('posts', 'get', answer.service.post_id, '--json');
    expect(read.code).toBe(0);
    expect(JSON.parse(read.stdout)).toEqual(await t.client().posts.retrieve(answer.service.post_id));
  });

  it('runs examples/upload-and-publish.sh: CLI upload, then a youtube post that finishes on the clock', async () => {
    const file = await tempFile('sh-example.mp4', mp4Bytes(200 * 1024));
    try {
      // SOCIALPUB_WAIT=0: the script returns once the post is accepted; the test then waits for it
      // on the virtual clock (the CLI's own --wait is covered by the CLI package's tests).
      const result = await runCommand(
        'sh',
        ['examples/upload-and-publish.sh', file.path, 'Shell example', 'unlisted'],
        { ...env(), SOCIALPUB_WAIT: '0', SOCIALPUB_CLI: `${process.execPath} ${BIN}` },
      );
      expect(result.code, result.stderr).toBe(0);
      const fileId = /Uploaded: ([0-9a-f-]{36})/.exec(result.stdout)?.[1];
      expect(fileId).toBeDefined();
      expect((await t.client().media.retrieve(fileId ?? '')).status).toBe('ready');
      const {
        data: [post],
      } = await t.client().posts.list({ platform: 'youtube', kind: 'post', limit: 1 });
      expect(post).toMatchObject({ platform: 'youtube', status: 'processing' });
      const waiting = t.client({ sleep: t.virtualSleep });
      expect(await waiting.posts.waitUntilDone(post?.id ?? '')).toMatchObject({
        status: 'success',
        done: true,
      });
    } finally {
      await file.remove();
    }
  });
});
