import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type RunningServer, startServer } from '@socialpub/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort } from './helpers/closed-port.js';
import { mp4Bytes } from './helpers/media-fixtures.js';
import { type Packed, packedTarballs, readmeLine, runAsReader } from './helpers/packed-tarballs.js';
import { REPO_ROOT, type RunResult, runCommand } from './helpers/run-node.js';

// The README's SDK quick start, run as a reader runs it: `npm run pack` in a copy of the clone, the
// SDK installed by the README's line into a fresh `npm init -y` project beside it (CommonJS unless
// told otherwise) with the public registry alone, then the ES module form saved as quick-start.mjs
// and the CommonJS form as index.js, against a server on 127.0.0.1 port 0.

const ADMIN_TOKEN = 'sdk-quick-start-admin-token';
const TSC = join(REPO_ROOT, 'node_modules/typescript/bin/tsc');

/** The code blocks of `lang` under the README's "SDK quick start" heading, in order. */
function quickStartBlocks(): string[] {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf('## SDK quick start\n');
  expect(start).toBeGreaterThanOrEqual(0);
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end);
  return [...section.matchAll(/```js\n([\s\S]*?)```/g)].map((match) => match[1] as string);
}

let packed: Packed;
let project: string;
let installed: RunResult;
let server: RunningServer;
let apiKey: string;

beforeAll(async () => {
  packed = await packedTarballs();
  // The reader's own project, beside the clone: what `npm init -y` makes, whose .js files are CommonJS.
  project = join(packed.folder, 'my-app');
  await mkdir(project);
  execFileSync('npm', ['init', '-y'], {
    cwd: project,
    stdio: 'ignore',
    env: { ...process.env, npm_config_offline: 'true', npm_config_update_notifier: 'false' },
  });
  installed = await runAsReader(readmeLine('SDK quick start', 'npm install '), packed.clone);
  await writeFile(join(project, 'video.mp4'), mp4Bytes(300 * 1024));
  server = await startServer(
    { memory: true, port: 0, host: '127.0.0.1', clock: 'virtual', adminToken: ADMIN_TOKEN, seedDemo: true },
    () => undefined,
  );
  apiKey = server.socialpub.demo?.apiKey ?? '';
}, 900_000);

afterAll(async () => {
  await server?.close();
});

function runInProject(file: string): Promise<RunResult> {
  return runCommand(
    process.execPath,
    [file],
    // The clock below moves twenty times faster than real time, so the SDK reads every second.
    { SOCIALPUB_API_KEY: apiKey, SOCIALPUB_BASE_URL: server.url, SOCIALPUB_POLL_SECONDS: '1' },
    { cwd: project, timeoutMs: 150_000 },
  );
}

describe('the packed SDK', () => {
  it('is one of the three tarballs npm run pack wrote, and says so with its size', () => {
    expect(packed.tarballs).toEqual([
      'socialpub-cli-0.1.0.tgz',
      'socialpub-mcp-0.1.0.tgz',
      'socialpub-sdk-0.1.0.tgz',
    ]);
    for (const name of ['sdk', 'cli', 'mcp'])
      expect(packed.printed).toMatch(
        new RegExp(`^packs/socialpub-${name}-0\\.1\\.0\\.tgz  \\d+ kB packed`, 'm'),
      );
  });

  it('installs into a project outside the clone from the public registry alone', async () => {
    expect(installed.code, installed.stderr).toBe(0);
    const sdk = join(project, 'node_modules/@socialpub/sdk');
    const manifest = JSON.parse(readFileSync(join(sdk, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(Object.keys(manifest.dependencies).filter((name) => name.startsWith('@socialpub/'))).toEqual([]);
    // Core is inside, in the code and in the types: nothing refers to the unpublished package.
    const files = await readdir(join(sdk, 'dist'));
    expect(files).toEqual(expect.arrayContaining(['index.js', 'index.cjs', 'index.d.ts', 'index.d.cts']));
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
    for (const file of files)
      expect(readFileSync(join(sdk, 'dist', file), 'utf8'), file).not.toContain('@socialpub/core');
  });

  it('ships types a TypeScript project checks against, from import and from require', async () => {
    await writeFile(
      join(project, 'typed.mts'),
      "import { SocialPub, type PublishOutcome } from '@socialpub/sdk';\n" +
        "const outcome: PublishOutcome = await new SocialPub().posts.create({ accountId: '@a', platform: 'x', content: { text: 'hi' } });\n" +
        'export const kind: string = outcome.kind;\n',
    );
    await writeFile(
      join(project, 'typed.cts'),
      "import { SocialPub } from '@socialpub/sdk';\nexport const client: SocialPub = new SocialPub();\n",
    );
    // The same call with a wrong type: the check fails, so the types are really read.
    await writeFile(
      join(project, 'mistyped.mts'),
      "import { SocialPub } from '@socialpub/sdk';\nexport const client: number = new SocialPub();\n",
    );
    const typeRoots = join(REPO_ROOT, 'node_modules/@types');
    const tsc = (files: string[]) =>
      runCommand(
        process.execPath,
        [
          TSC,
          '--noEmit',
          '--strict',
          '--module',
          'nodenext',
          '--target',
          'es2022',
          '--typeRoots',
          typeRoots,
          '--types',
          'node',
          ...files,
        ],
        {},
        { cwd: project, timeoutMs: 120_000 },
      );
    // One run over all three (the declarations themselves checked too): the one error is the wrong type.
    const checked = await tsc(['typed.mts', 'typed.cts', 'mistyped.mts']);
    expect(checked.code).not.toBe(0);
    const errors = checked.stdout.split('\n').filter((line) => /error TS\d+/.test(line));
    expect(errors, checked.stdout).toHaveLength(1);
    expect(errors[0]).toMatch(
      /^mistyped\.mts\(2,\d+\): error TS2322: Type 'SocialPub' is not assignable to type 'number'/,
    );
  }, 240_000);
});

describe('the README SDK quick start in a fresh npm init -y project', () => {
  it('is a CommonJS project, as the README says', () => {
    const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as { type?: string };
    // npm 11 writes "type": "commonjs"; older npm writes no type, which means the same.
    expect([undefined, 'commonjs']).toContain(manifest.type);
    expect(quickStartBlocks()).toHaveLength(2);
  });

  it('runs the ES module form as quick-start.mjs: posts, uploads, waits for youtube, lists', async () => {
    const [esm = ''] = quickStartBlocks();
    await writeFile(join(project, 'quick-start.mjs'), esm);
    // YouTube finishes 30 s after the post on the server's clock; the clock moves while the
    // quick start waits, so a read a second or two later finds the post done.
    let ticking = true;
    const ticker = (async () => {
      while (ticking) {
        await fetch(`${server.url}/admin/v1/clock`, {
          method: 'POST',
          headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
          body: JSON.stringify({ advance_seconds: 5 }),
        }).catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();
    try {
      const result = await runInProject('quick-start.mjs');
      expect(result.code, result.stderr).toBe(0);
      const lines = result.stdout.split('\n');
      expect(result.stdout).toContain("'@demobrand 9 networks'");
      expect(lines.some((line) => line.startsWith(`published ${server.url}/api/v2/posts/`))).toBe(true);
      expect(result.stdout).toMatch(/^\d+ of \d+ bytes$/m);
      expect(lines).toContain('success');
      expect(lines.filter((line) => /^(post|scheduled_post) \w+$/.test(line)).length).toBeGreaterThanOrEqual(
        2,
      );
    } finally {
      ticking = false;
      await ticker;
    }
  }, 180_000);

  it('runs the CommonJS form as index.js', async () => {
    const [, commonJs = ''] = quickStartBlocks();
    await writeFile(join(project, 'index.js'), commonJs);
    const result = await runInProject('index.js');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("'@demobrand'");
    expect(result.stdout).toContain("'@sideproject'");
  }, 60_000);

  it('shows why two forms: the ES module form saved as index.js is refused there', async () => {
    const [esm = ''] = quickStartBlocks();
    await writeFile(join(project, 'index.js'), esm);
    const result = await runInProject('index.js');
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/Cannot use import statement outside a module|ERR_REQUIRE_ESM|import/);
  }, 60_000);

  it('the CommonJS form reports a server that is not running in one line naming its address', async () => {
    const [, commonJs = ''] = quickStartBlocks();
    await writeFile(join(project, 'index.js'), commonJs);
    const down = `http://127.0.0.1:${await closedPort()}`;
    const result = await runCommand(
      process.execPath,
      ['index.js'],
      { SOCIALPUB_API_KEY: apiKey, SOCIALPUB_BASE_URL: down },
      { cwd: project, timeoutMs: 60_000 },
    );
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(`Could not connect to ${down}: connection refused (ECONNREFUSED).`);
  }, 60_000);
});
