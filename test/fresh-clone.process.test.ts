import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningServer, startServer } from '@socialpub/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mp4Bytes } from './helpers/media-fixtures.js';
import { readmeShellBlocks } from './helpers/packed-tarballs.js';
import { REPO_ROOT, type RunResult, runCommand } from './helpers/run-node.js';

/**
 * Issue 11 item 1: a newcomer clones the repository, installs, and types the README's commands.
 * The clone is a real `git clone` of HEAD (so only committed files exist); its node_modules are the
 * installed packages hard-linked in (npm ci would fetch the same files), and npm itself links the
 * workspace bins (`npm rebuild`, the linking step of `npm ci`). No dist/ exists in the clone, so the
 * first README command also proves the launcher builds on first use.
 */

interface WorkspaceBin {
  workspace: string;
  name: string;
  target: string;
}

function workspaceBins(): WorkspaceBin[] {
  const root = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
  return root.workspaces.flatMap((workspace) => {
    const manifest = JSON.parse(readFileSync(join(REPO_ROOT, workspace, 'package.json'), 'utf8')) as {
      bin?: Record<string, string>;
    };
    return Object.entries(manifest.bin ?? {}).map(([name, target]) => ({
      workspace,
      name,
      target: join(workspace, target),
    }));
  });
}

/** The `sh` code block of a README section that shows `shown`, one command per line. */
function readmeCommands(section: string, shown: string): string[] {
  const block = readmeShellBlocks(section).find((lines) => lines.some((line) => line.includes(shown)));
  expect(block, `README section "${section}" shows ${shown}`).toBeDefined();
  return block ?? [];
}

const BINS = workspaceBins();
/** Opt-in (slow): leave the CLI unbuilt in the clone so the README run builds it on first use. */
const BUILD_IN_CLONE = process.env['SOCIALPUB_FRESH_CLONE_BUILD'] === '1';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

let temp: string;
let clone: string;
let server: RunningServer;
let apiKey: string;

/** Runs a shell line in the clone as a user would, with npm kept offline (nothing fetched by name). */
function inClone(line: string): Promise<RunResult> {
  return runCommand(
    'sh',
    ['-c', line],
    {
      SOCIALPUB_API_KEY: apiKey,
      SOCIALPUB_CONFIG_DIR: join(temp, 'config'),
      npm_config_offline: 'true',
      npm_config_update_notifier: 'false',
    },
    { cwd: clone, timeoutMs: 240_000 },
  );
}

beforeAll(async () => {
  temp = await mkdtemp(join(tmpdir(), 'socialpub-fresh-clone-'));
  clone = join(temp, 'clone');
  execFileSync('git', ['clone', '--quiet', REPO_ROOT, clone]);
  // What `npm ci` would put there: the root node_modules and any workspace's nested one.
  execFileSync('cp', ['-al', join(REPO_ROOT, 'node_modules'), join(clone, 'node_modules')]);
  const root = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
  for (const workspace of root.workspaces) {
    const nested = join(REPO_ROOT, workspace, 'node_modules');
    if (existsSync(nested) && existsSync(join(clone, workspace))) {
      execFileSync('cp', ['-al', nested, join(clone, workspace, 'node_modules')]);
    }
  }
  // The builds `npm test` made, hard-linked in (a build in the clone takes minutes on a busy
  // machine). With SOCIALPUB_FRESH_CLONE_BUILD=1 the CLI has none, so the first README command
  // builds it through the launcher's first-run path, as on a real fresh clone.
  for (const workspace of root.workspaces) {
    const dist = join(REPO_ROOT, workspace, 'dist');
    const skip = BUILD_IN_CLONE && workspace === 'packages/cli';
    if (!skip && existsSync(dist) && existsSync(join(clone, workspace))) {
      execFileSync('cp', ['-al', dist, join(clone, workspace, 'dist')]);
    }
  }
  await rm(join(clone, 'node_modules', '.bin'), { recursive: true, force: true });
  await mkdir(join(clone, 'node_modules', '.bin'));
  execFileSync('npm', ['rebuild', '--ignore-scripts', '--offline', '--no-audit', '--no-fund'], {
    cwd: clone,
    stdio: 'ignore',
  });
  await writeFile(join(clone, 'video.mp4'), mp4Bytes(256 * 1024));
  // The README schedules for tomorrow, as the reader's shell computes it from the real time.
  server = await startServer(
    { memory: true, port: 0, host: '127.0.0.1', clock: 'virtual', seedDemo: true },
    () => undefined,
  );
  apiKey = server.socialpub.demo?.apiKey ?? '';
});

afterAll(async () => {
  await server?.close();
  if (temp) await rm(temp, { recursive: true, force: true });
});

describe('a launcher without its build', () => {
  it('says it is building, and when it cannot, exits 1 saying what to run', async () => {
    // The committed launcher and helper alone, laid out as in the repository, with no dist/ and no
    // node_modules: the first-run path runs for real and stops where the build tool is missing.
    const bare = join(temp, 'bare');
    await mkdir(join(bare, 'packages/cli/bin'), { recursive: true });
    await mkdir(join(bare, 'scripts'));
    await writeFile(join(bare, 'package.json'), '{"type":"module"}');
    await writeFile(join(bare, 'packages/cli/package.json'), '{"type":"module"}');
    for (const file of ['packages/cli/bin/socialpub.js', 'scripts/build-on-first-run.mjs']) {
      await writeFile(join(bare, file), readFileSync(join(REPO_ROOT, file)));
    }
    const result = await runCommand(
      process.execPath,
      [join(bare, 'packages/cli/bin/socialpub.js'), '--version'],
      {},
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('building socialpub (first run, about a minute)...');
    expect(result.stderr).toContain('turbo is not installed. Run `npm ci`');
    expect(result.stdout).toBe('');
  });
});

describe('a fresh clone', () => {
  it('has every workspace bin committed and linked by npm into node_modules/.bin', () => {
    expect(BINS.map((bin) => bin.name)).toEqual(expect.arrayContaining(['socialpub', 'socialpub-server']));
    const tracked = new Set(
      execFileSync('git', ['ls-files'], { cwd: REPO_ROOT, encoding: 'utf8' }).split('\n').filter(Boolean),
    );
    for (const bin of BINS) {
      expect(tracked.has(bin.target), `${bin.target} (bin ${bin.name}) is committed`).toBe(true);
      expect(readFileSync(join(clone, bin.target), 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
      const link = join(clone, 'node_modules', '.bin', bin.name);
      expect(existsSync(link), `npm linked ${bin.name}`).toBe(true);
      expect(realpathSync(link)).toBe(realpathSync(join(clone, bin.target)));
    }
  });

  it('runs the README CLI quick start verbatim (and builds on first use with SOCIALPUB_FRESH_CLONE_BUILD=1)', async () => {
    const lines = readmeCommands('CLI quick start', 'socialpub login');
    expect(lines.length).toBeGreaterThanOrEqual(5);
    let scheduledPostId = '';
    const outputs: RunResult[] = [];
    for (const written of lines) {
      // Only the address (the server listens on port 0) and the id placeholder are filled in.
      const line = written
        .replaceAll('http://127.0.0.1:8787', server.url)
        .replaceAll('<scheduled_post_id>', scheduledPostId);
      const result = await inClone(line);
      expect(result.code, `${line}\n${result.stderr}`).toBe(0);
      expect(result.stderr).not.toMatch(/could not determine executable|E404|ENOTCACHED/);
      if (written.includes('--schedule')) scheduledPostId = result.stdout.match(UUID)?.[0] ?? '';
      outputs.push(result);
    }
    expect(existsSync(join(clone, 'packages/cli/dist/bin.js'))).toBe(true);
    if (BUILD_IN_CLONE) {
      expect(outputs[0]?.stderr).toContain('building socialpub (first run, about a minute)...');
    }
    expect(outputs.slice(BUILD_IN_CLONE ? 1 : 0).some((output) => output.stderr.includes('building'))).toBe(
      false,
    );
    expect(scheduledPostId).not.toBe('');
    expect(outputs.map((output) => output.stdout).join('\n')).toContain('@demobrand');
    const cancelled = await fetch(`${server.url}/api/v2/posts/${scheduledPostId}`, {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    expect(((await cancelled.json()) as { status: string }).status).toBe('cancelled');
  }, 300_000);

  it.each(BINS.map((bin) => [bin.name]))(
    'npx %s answers --help (and --version when it offers one) offline',
    async (name) => {
      const help = await inClone(`npx ${name} --help`);
      expect(help.code, `${name} --help: ${help.stderr}`).toBe(0);
      expect(help.stdout.trim()).not.toBe('');
      if (!help.stdout.includes('--version')) return;
      const version = await inClone(`npx ${name} --version`);
      expect(version.code, `${name} --version: ${version.stderr}`).toBe(0);
      expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    },
  );

  it('npm start builds the server on a clone without its build, then starts with no build', async () => {
    await rm(join(clone, 'packages/server/dist'), { recursive: true, force: true });
    const first = await inClone('npm start -- --version');
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain('building the reference server (first start or changed sources');
    expect(first.stdout.trim().split('\n').at(-1)).toMatch(/^\d+\.\d+\.\d+$/);
    // The server alone, from the sources of what it bundles: no declarations, no sibling build.
    expect(existsSync(join(clone, 'packages/server/dist/bin.js'))).toBe(true);
    expect(existsSync(join(clone, 'packages/server/dist/index.d.ts'))).toBe(false);
    const second = await inClone('npm start -- --version');
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).not.toContain('building');
    expect(second.stdout.trim().split('\n').at(-1)).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
