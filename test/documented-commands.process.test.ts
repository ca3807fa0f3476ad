import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  commandsOf,
  type DocumentedCommand,
  documentedPages,
  resolveContext,
  resolveProblems,
} from './helpers/documented-commands.js';
import { PageReader } from './helpers/documented-run.js';
import { REPO_ROOT } from './helpers/run-node.js';
import { newFilesNotIgnored } from './helpers/tracked-copy.js';

// Every command line the README, docs/ and examples/README.md show must run as written from a
// clone. Each one is checked to resolve (a bare `socialpub-server` is "command not found" there),
// and every shell-block line runs for real in a copy of the clone's tracked files against a server on
// 127.0.0.1 port 0, unless NOT_RUN says why it cannot. Each page is read on its own copy and server.

/** Block lines that are only resolved, with the reason they are not run here. */
const NOT_RUN: Readonly<Record<string, string>> = {
  'npm ci && npm start':
    'installs packages, then serves until stopped (test/fresh-clone.process.test.ts starts it)',
  'npm test': 'is the suite this test belongs to',
  'npx vitest run --project core': 'runs a test project',
  'npx vitest --project server': 'watch mode runs until stopped',
  'npm run lint': '`npm test` runs it on the whole repository',
  'npm run pack':
    'builds with declarations for minutes; test/installed-sdk.process.test.ts runs it in a copy of the clone',
  'npm install --prefix ../my-app ./packs/socialpub-sdk-0.1.0.tgz':
    'installs the packed SDK; test/installed-sdk.process.test.ts runs it after npm run pack',
  'npm install --global ./packs/socialpub-cli-0.1.0.tgz':
    "would change the machine's global folder; test/installed-cli-mcp.process.test.ts runs it with a prefix of its own",
  'npm install --global ./packs/socialpub-mcp-0.1.0.tgz':
    "would change the machine's global folder; test/installed-cli-mcp.process.test.ts runs it with a prefix of its own",
  'SOCIALPUB_PUBLIC_URL=https://socialpub.example.com SOCIALPUB_TRUST_PROXY=1 SOCIALPUB_SIGNUP=closed SOCIALPUB_DEMO=off SOCIALPUB_ADMIN_LISTEN=127.0.0.1:8788 SOCIALPUB_LOG=json npx socialpub-server --data-dir /var/lib/socialpub':
    'serves until stopped, behind a proxy that is not there (test/behind-nginx.browser.test.ts runs these settings behind nginx)',
};

/** Files a page tells the reader to write first; test/installed-sdk.process.test.ts runs them. */
const READER_FILES = ['quick-start.mjs'];

const PAGES = documentedPages(REPO_ROOT);
const COMMANDS: DocumentedCommand[] = PAGES.flatMap((page) =>
  commandsOf(page, readFileSync(join(REPO_ROOT, page), 'utf8')),
);

describe('the documented command lines', () => {
  const context = resolveContext(REPO_ROOT, READER_FILES);

  it('are found on every page that shows commands', () => {
    const pages = new Set(COMMANDS.map((command) => command.page));
    for (const page of [
      'README.md',
      'docs/cli.md',
      'docs/reference-server.md',
      'docs/team-server.md',
      'examples/README.md',
    ])
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

  it('would catch a file a command leaves that git does not ignore (the check can fail)', () => {
    const folder = mkdtempSync(join(tmpdir(), 'socialpub-ignored-'));
    try {
      for (const file of [
        'README.md',
        'backups/b/backup.json',
        '.socialpub-restored/socialpub.db',
        'stray.txt',
      ]) {
        mkdirSync(dirname(join(folder, file)), { recursive: true });
        writeFileSync(join(folder, file), 'x');
      }
      expect(newFilesNotIgnored(folder, new Set(['README.md']))).toEqual(['stray.txt']);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('lists in NOT_RUN only lines the pages still show', () => {
    const shown = new Set(COMMANDS.filter((c) => c.kind === 'block').map((command) => command.line));
    expect(Object.keys(NOT_RUN).filter((line) => !shown.has(line))).toEqual([]);
  });
});

/** Pages read side by side, each with its own copy, server and config: at most this many at once. */
const PAGES_AT_ONCE = 3;

/** Runs `work` when fewer than `size` others run (the pages' readers share two cores). */
function boundedPool(size: number): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (work) => {
    if (running >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await work();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

/** Each page's block lines that run, in page order, repeats included. */
const RUN_BY_PAGE = PAGES.map(
  (page) =>
    [
      page,
      COMMANDS.filter(
        (command) => command.page === page && command.kind === 'block' && NOT_RUN[command.line] === undefined,
      ).map((command) => command.line),
    ] as const,
).filter(([, lines]) => lines.length > 0);

describe('every documented shell line, run in a copy of the tracked files', () => {
  beforeAll(() => {
    for (const built of [
      'packages/cli/dist/bin.js',
      'packages/server/dist/bin.js',
      'packages/sdk/dist/index.js',
    ])
      if (!existsSync(join(REPO_ROOT, built)))
        throw new Error(`${built} is missing: run npm run build first`);
  });

  it('are more than a handful', () => {
    expect(RUN_BY_PAGE.flatMap(([, lines]) => lines).length).toBeGreaterThan(15);
  });

  const pool = boundedPool(PAGES_AT_ONCE);
  // A page's lines run in its order (they depend on the ones above them: `<clock_id>`); the pages
  // are independent readers, each from a fresh clone and server as after `npm start`.
  it.concurrent.each(RUN_BY_PAGE)(
    '%s: exits 0 with the server on port 0 standing in for 127.0.0.1:8787',
    (_page, lines) =>
      pool(async () => {
        const reader = await PageReader.open();
        try {
          for (const line of lines) await reader.runLine(line);
        } finally {
          await reader.close();
        }
      }),
    900_000,
  );
});
