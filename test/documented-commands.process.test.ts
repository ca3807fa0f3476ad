import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type RunningServer, startServer } from '@socialpub/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  commandsOf,
  type DocumentedCommand,
  documentedPages,
  resolveContext,
  resolveProblems,
  userPath,
} from './helpers/documented-commands.js';
import { mp4Bytes } from './helpers/media-fixtures.js';
import { REPO_ROOT, type RunResult, runCommand } from './helpers/run-node.js';

// Every command line the README, docs/ and examples/README.md show must run as written from a
// clone. Each one is checked to resolve (a bare `socialpub-server` is "command not found" there),
// and every shell-block line runs for real in a copy of the working tree against a server on
// 127.0.0.1 port 0, unless NOT_RUN says why it cannot.

/** Block lines that are only resolved, with the reason they are not run here. */
const NOT_RUN: Readonly<Record<string, string>> = {
  'npm ci && npm start':
    'installs packages, then serves until stopped (test/fresh-clone.process.test.ts starts it)',
  'npm test': 'is the suite this test belongs to',
  'npx vitest run --project core': 'runs a test project',
  'npx vitest --project server': 'watch mode runs until stopped',
  'npm run lint': '`npm test` runs it on the whole repository',
};

/** Files a page tells the reader to write first; test/sdk-quick-start.process.test.ts runs them. */
const READER_FILES = ['quick-start.mjs'];

const ADMIN_TOKEN = 'documented-commands-admin-token';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

const PAGES = documentedPages(REPO_ROOT);
const COMMANDS: DocumentedCommand[] = PAGES.flatMap((page) =>
  commandsOf(page, readFileSync(join(REPO_ROOT, page), 'utf8')),
);

describe('the documented command lines', () => {
  const context = resolveContext(REPO_ROOT, READER_FILES);

  it('are found on every page that shows commands', () => {
    const pages = new Set(COMMANDS.map((command) => command.page));
    for (const page of ['README.md', 'docs/cli.md', 'docs/reference-server.md', 'examples/README.md'])
      expect(pages, page).toContain(page);
    expect(COMMANDS.filter((command) => command.kind === 'block').length).toBeGreaterThan(20);
  });

  it.each(COMMANDS.map((command) => [`${command.page}: ${command.line}`, command] as const))(
    'resolves as written from a clone: %s',
    (_name, command) => {
      expect(resolveProblems(command.line, context)).toEqual([]);
    },
  );

  it('would catch a bare workspace command, a missing script, file or tool (the check can fail)', () => {
    const page = [
      '```sh',
      'socialpub-server backup --data-dir ./.socialpub --to ./backups/x',
      'echo key | socialpub login --api-key-stdin',
      'npx socialpub-nothing --help',
      'npm run no-such-script',
      'node examples/no-such-example.mjs',
      'sh examples/no-such-script.sh ./video.mp4',
      'no-such-tool --flag',
      '```',
      'Inline, `socialpub-server restore --from ./b` is a command line too.',
    ].join('\n');
    const problems = commandsOf('x.md', page).map((command) => resolveProblems(command.line, context));
    expect(problems.map((found) => found.length)).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
    expect(problems[0]?.[0]).toContain('command not found');
    expect(problems[0]?.[0]).toContain('npx socialpub-server');
  });

  it('lists in NOT_RUN only lines the pages still show', () => {
    const shown = new Set(COMMANDS.filter((c) => c.kind === 'block').map((command) => command.line));
    expect(Object.keys(NOT_RUN).filter((line) => !shown.has(line))).toEqual([]);
  });
});

let temp: string;
let clone: string;
let server: RunningServer;
let apiKey: string;
let demoBrandId: string;
let ticking = true;
let ticker: Promise<void> | undefined;

/** A copy of the working tree (tracked and new files), with the installed node_modules and builds. */
function copyWorkingTree(target: string): void {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((file) => file !== '' && existsSync(join(REPO_ROOT, file)));
  for (const file of files) {
    mkdirSync(dirname(join(target, file)), { recursive: true });
    cpSync(join(REPO_ROOT, file), join(target, file), { verbatimSymlinks: true });
  }
  const root = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
  execFileSync('cp', ['-al', join(REPO_ROOT, 'node_modules'), join(target, 'node_modules')]);
  for (const workspace of root.workspaces) {
    for (const folder of ['node_modules', 'dist']) {
      const from = join(REPO_ROOT, workspace, folder);
      if (existsSync(from) && existsSync(join(target, workspace))) {
        execFileSync('cp', ['-al', from, join(target, workspace, folder)]);
      }
    }
  }
}

beforeAll(async () => {
  for (const built of [
    'packages/cli/dist/bin.js',
    'packages/server/dist/bin.js',
    'packages/sdk/dist/index.js',
  ])
    if (!existsSync(join(REPO_ROOT, built))) throw new Error(`${built} is missing: run npm run build first`);
  temp = await mkdtemp(join(tmpdir(), 'socialpub-documented-'));
  clone = join(temp, 'clone');
  copyWorkingTree(clone);
  await writeFile(join(clone, 'video.mp4'), mp4Bytes(256 * 1024));
  // The server of `npm start`, on the clone's ./.socialpub (so `backup` copies a live database), with a
  // virtual clock before the README's 2026-12-01 schedule.
  server = await startServer(
    {
      dataDir: join(clone, '.socialpub'),
      port: 0,
      host: '127.0.0.1',
      clock: 'virtual',
      clockStart: new Date('2026-11-20T09:00:00Z'),
      adminToken: ADMIN_TOKEN,
      seedDemo: true,
    },
    () => undefined,
  );
  apiKey = server.socialpub.demo?.apiKey ?? '';
  const accounts = await fetch(`${server.url}/api/v2/accounts`, {
    headers: { authorization: `Bearer ${apiKey}` },
  });
  const { data } = (await accounts.json()) as { data: { profile_id: string; handle: string }[] };
  demoBrandId = data.find((profile) => profile.handle === '@demobrand')?.profile_id ?? '';
  // Time moves as it would on `npm start` (YouTube finishes 30 s after the post, the 20-second
  // wait passes), but twenty times faster, so a documented poll finds the post done at its first look.
  ticker = (async () => {
    while (ticking) {
      await fetch(`${server.url}/admin/v1/clock`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ advance_seconds: 5 }),
      }).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
}, 180_000);

afterAll(async () => {
  ticking = false;
  await ticker;
  await server?.close();
  if (temp) await rm(temp, { recursive: true, force: true });
});

/** Runs one line in the clone as a reader would, with the server's address and secrets filled in. */
function run(line: string): Promise<RunResult> {
  return runCommand(
    'sh',
    ['-c', line],
    {
      // A reader's PATH: no node_modules/.bin, which npm and vitest put in front of the test's own.
      PATH: userPath(),
      SOCIALPUB_API_KEY: apiKey,
      SOCIALPUB_ADMIN_TOKEN: ADMIN_TOKEN,
      SOCIALPUB_BASE_URL: server.url,
      SOCIALPUB_CONFIG_DIR: join(temp, 'config'),
      ADMIN_TOKEN,
      PROFILE_ID: demoBrandId,
      npm_config_offline: 'true',
      npm_config_update_notifier: 'false',
    },
    { cwd: clone, timeoutMs: 240_000 },
  );
}

/** Ids a command printed (`clock_id  <uuid>` lines, `Scheduled for ... (<uuid>)`), for later `<clock_id>`. */
function rememberIds(output: string, ids: Map<string, string>): void {
  for (const match of output.matchAll(new RegExp(`^(\\w+_id)\\s+(${UUID})$`, 'gm')))
    ids.set(match[1] as string, match[2] as string);
  const scheduled = new RegExp(`Scheduled for \\S+ \\((${UUID})\\)`).exec(output);
  if (scheduled) ids.set('scheduled_post_id', scheduled[1] as string);
}

/** What a line's run must also have done, beyond exiting 0. */
async function checkEffect(line: string, result: RunResult): Promise<void> {
  if (line.startsWith('curl ')) expect(result.stdout, line).not.toMatch(/^\{"error"/);
  if (line.includes(' backup ')) expect(existsSync(join(clone, 'backups/2026-11-23/backup.json'))).toBe(true);
  if (line.includes(' restore ')) {
    expect(existsSync(join(clone, '.socialpub-restored/socialpub.db'))).toBe(true);
    // Another page shows the same two lines: each page's run starts where its reader would.
    await rm(join(clone, 'backups'), { recursive: true });
    await rm(join(clone, '.socialpub-restored'), { recursive: true });
  }
  if (line.includes('/networks/x')) {
    // The example makes X refuse the next posts; later lines post to X again, so it is undone.
    const undo = await fetch(`${server.url}/admin/v1/profiles/${demoBrandId}/networks/x`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ simulate: { outcome: 'success' } }),
    });
    expect(undo.status).toBe(200);
  }
}

describe('every documented shell line, run in a copy of the working tree', () => {
  it('exits 0 with the server on port 0 standing in for 127.0.0.1:8787', async () => {
    // In page order, repeats included: a page's lines depend on the ones above them (`<clock_id>`).
    const lines = COMMANDS.filter(
      (command) => command.kind === 'block' && NOT_RUN[command.line] === undefined,
    ).map((command) => command.line);
    expect(lines.length).toBeGreaterThan(15);
    const ids = new Map<string, string>();
    for (const written of lines) {
      const line = written
        .replaceAll('http://127.0.0.1:8787', server.url)
        .replace(/<(\w+_id)>/g, (placeholder, name: string) => {
          const id = ids.get(name);
          expect(id, `${written}: no earlier line printed a ${name}`).toBeDefined();
          return id ?? placeholder;
        });
      const result = await run(line);
      expect(result.code, `${written}\n${result.stdout}\n${result.stderr}`).toBe(0);
      expect(result.stderr, written).not.toMatch(/could not determine executable|E404|ENOTCACHED|not found/);
      rememberIds(result.stdout, ids);
      await checkEffect(written, result);
    }
  }, 900_000);
});
