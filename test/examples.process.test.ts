import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mp4Bytes, tempFile } from './helpers/media-fixtures.js';
import { FROM_SOURCES, runNode } from './helpers/run-node.js';
import { ADMIN_TOKEN, TestServer } from './helpers/test-server.js';

let t: TestServer;

beforeAll(async () => {
  t = await TestServer.start();
});
afterAll(() => t.close());

describe('examples/publish-with-fetch.mjs', () => {
  it('publishes, schedules, lists and cancels against the server, exiting 0', async () => {
    const result = await runNode(['examples/publish-with-fetch.mjs'], {
      SOCIALPUB_API_KEY: t.apiKey,
      SOCIALPUB_BASE_URL: t.url,
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const scheduledId = /Scheduled on linkedin for \S+: ([0-9a-f-]{36})/.exec(result.stdout)?.[1];
    expect(scheduledId).toBeDefined();
    const client = t.client();
    expect(await client.posts.retrieve(scheduledId ?? '')).toMatchObject({ status: 'cancelled', done: true });
    const published = /Published to x: post ([0-9a-f-]{36})/.exec(result.stdout)?.[1];
    expect(await client.posts.retrieve(published ?? '')).toMatchObject({ platform: 'x', status: 'success' });
  });

  it('exits 1 with the error code when the key is refused', async () => {
    const result = await runNode(['examples/publish-with-fetch.mjs'], {
      SOCIALPUB_API_KEY: 'sp_wrong_key',
      SOCIALPUB_BASE_URL: t.url,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Error unauthorized (HTTP 401)');
  });
});

describe('examples/upload-and-publish.mjs', () => {
  it('uploads a small video, publishes it to youtube and waits until done, exiting 0', async () => {
    const file = await tempFile('example-clip.mp4', mp4Bytes(300 * 1024));
    // YouTube answers 202 processing and finishes 30 seconds later on the virtual clock, which the
    // test moves while the example polls (every 0.2 s of real time instead of 30).
    let running = true;
    const ticking = (async () => {
      while (running) {
        await t.advance(10);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    try {
      const result = await runNode(
        [
          ...FROM_SOURCES,
          'examples/upload-and-publish.mjs',
          file.path,
          '--title',
          'Example clip',
          '--privacy',
          'unlisted',
          '--poll-seconds',
          '0.2',
        ],
        { SOCIALPUB_API_KEY: t.apiKey, SOCIALPUB_BASE_URL: t.url },
      );
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/upload 100%/);
      const postId = /processing: post ([0-9a-f-]{36})/.exec(result.stdout)?.[1];
      expect(postId).toBeDefined();
      expect(result.stdout).toContain('Done: success');
      expect(await t.client().posts.retrieve(postId ?? '')).toMatchObject({
        platform: 'youtube',
        status: 'success',
        done: true,
      });
    } finally {
      running = false;
      await ticking;
      await file.remove();
    }
  });
});

describe('examples/test-clock-ci.mjs (the README test-clock snippet)', () => {
  it('runs its CI test on a test clock of its own and deletes everything it made', async () => {
    const clock = await t.admin('GET', '/clock');
    const result = await runNode([...FROM_SOURCES, 'examples/test-clock-ci.mjs'], {
      SOCIALPUB_ADMIN_TOKEN: ADMIN_TOKEN,
      SOCIALPUB_BASE_URL: t.url,
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const clockId = /on test clock ([0-9a-f-]{36})/.exec(result.stdout)?.[1];
    expect(clockId).toBeDefined();
    expect((await t.admin('GET', `/clocks/${clockId}`)).status).toBe(404);
    // The server's clock did not move.
    expect((await t.admin('GET', '/clock')).body).toEqual(clock.body);
  });

  it('is the snippet the README shows, line for line', () => {
    const example = readFileSync('examples/test-clock-ci.mjs', 'utf8');
    const snippet = /\/\/ ci-test:start\n([\s\S]*?)\/\/ ci-test:end/.exec(example)?.[1] ?? '';
    expect(snippet.split('\n').length).toBeGreaterThan(10);
    expect(readFileSync('README.md', 'utf8')).toContain(snippet);
  });
});

describe('examples/network-inbox-ci.mjs (docs/network-inbox.md)', () => {
  it('asserts on the text and image that reached linkedin, then deletes everything it made', async () => {
    const result = await runNode([...FROM_SOURCES, 'examples/network-inbox-ci.mjs'], {
      SOCIALPUB_ADMIN_TOKEN: ADMIN_TOKEN,
      SOCIALPUB_BASE_URL: t.url,
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const clockId = /on test clock ([0-9a-f-]{36})/.exec(result.stdout)?.[1];
    expect(result.stdout).toMatch(/^ok: dlv_[0-9a-f]{32} reached linkedin/);
    expect((await t.admin('GET', `/clocks/${clockId}`)).status).toBe(404);
  });

  it('is the example docs/network-inbox.md shows, line for line', () => {
    const example = readFileSync('examples/network-inbox-ci.mjs', 'utf8');
    const snippet = /\/\/ ci-test:start\n([\s\S]*?)\/\/ ci-test:end/.exec(example)?.[1] ?? '';
    expect(snippet.split('\n').length).toBeGreaterThan(15);
    expect(readFileSync('docs/network-inbox.md', 'utf8')).toContain(snippet);
  });
});
