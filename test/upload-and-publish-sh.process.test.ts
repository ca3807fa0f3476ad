import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort } from './helpers/closed-port.js';
import { mp4Bytes, tempFile } from './helpers/media-fixtures.js';
import { type RunResult, runCommand } from './helpers/run-node.js';
import { TestServer } from './helpers/test-server.js';

// examples/upload-and-publish.sh as the README runs it (`sh examples/upload-and-publish.sh ...`,
// finding the CLI the way `npx socialpub` does), under dash (Debian's sh) and bash: when something
// is missing it stops with exit 1 and one line that names it, never a stack trace.

const SHELLS = ['/usr/bin/dash', '/bin/bash'];
const SCRIPT = 'examples/upload-and-publish.sh';

let t: TestServer;
let video: { path: string; remove(): Promise<void> };
beforeAll(async () => {
  for (const shell of SHELLS)
    if (!existsSync(shell)) throw new Error(`${shell} is missing (apt-get install dash bash)`);
  t = await TestServer.start();
  video = await tempFile('sh-missing.mp4', mp4Bytes(64 * 1024));
});
afterAll(async () => {
  await video?.remove();
  await t?.close();
});

function stderrLines(result: RunResult): string[] {
  return result.stderr.trim().split('\n');
}

describe.each(SHELLS)('sh examples/upload-and-publish.sh under %s', (shell) => {
  it('names a missing video file in one line and exits 1', async () => {
    const result = await runCommand(shell, [SCRIPT, './no-such-video.mp4', 'Launch video', 'unlisted'], {});
    expect(result.code).toBe(1);
    expect(stderrLines(result)).toEqual([
      'upload-and-publish.sh: no file at ./no-such-video.mp4: give the path of a video (MP4, MOV or WebM)',
    ]);
  });

  it('says node is not installed, in one line, when it is not on PATH', async () => {
    const result = await runCommand(shell, [SCRIPT, video.path], { PATH: '/nonexistent' });
    expect(result.code).toBe(1);
    expect(stderrLines(result)).toEqual([
      'upload-and-publish.sh: node is not installed: the socialpub CLI needs Node.js 20 or newer',
    ]);
  });

  it('says there is no API key, in one line, and exits 1', async () => {
    const result = await runCommand(shell, [SCRIPT, video.path], {
      SOCIALPUB_CONFIG_DIR: '/nonexistent-socialpub-config',
      SOCIALPUB_BASE_URL: t.url,
    });
    expect(result.code).toBe(1);
    const lines = stderrLines(result);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('No API key');
    expect(result.stderr).not.toMatch(/JSON|at .*\.js:\d+/);
  }, 60_000);

  it('names the address when no server answers there, in one line', async () => {
    const down = `http://127.0.0.1:${await closedPort()}`;
    const result = await runCommand(shell, [SCRIPT, video.path], {
      SOCIALPUB_API_KEY: t.apiKey,
      SOCIALPUB_BASE_URL: down,
      SOCIALPUB_CONFIG_DIR: '/nonexistent-socialpub-config',
    });
    expect(result.code).toBe(1);
    const lines = stderrLines(result);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`Could not connect to ${down}`);
  }, 60_000);
});
