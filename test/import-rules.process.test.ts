import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './helpers/run-node.js';

// `npm run check:imports` passes on the repository; this shows its rules can fail, on a small tree
// laid out like the packages, with the same config and the same dependency-cruiser.

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

const FILES: Record<string, string> = {
  // A circle made only of type imports.
  'packages/server/src/domain/publishing/context.ts':
    "import type { Probe } from './probes.js';\nexport interface Context { probes: Probe[] }\n",
  'packages/server/src/domain/publishing/probes.ts':
    "import type { Context } from './context.js';\nexport type Probe = { context: Context };\n",
  // domain/ reaching up into a door, and a door importing domain/ (allowed).
  'packages/server/src/domain/limits.ts':
    "import { BODY_LIMIT } from '../http/json-body.js';\nexport const LIMIT = BODY_LIMIT;\n",
  'packages/server/src/http/json-body.ts': 'export const BODY_LIMIT = 1;\n',
  // domain/ reaching up through a type of a file between (a services bag whose types name a door).
  'packages/server/src/domain/posts/read-post.ts':
    "import type { Services } from '../../services.js';\nexport type ReadPost = (services: Services) => void;\n",
  'packages/server/src/services.ts':
    "import type { OwnNames } from './http/own-names.js';\nexport interface Services { ownNames: OwnNames }\n",
  'packages/server/src/http/own-names.ts': 'export interface OwnNames { names: string[] }\n',
  // The caches reaching into storage, which keeps its row caches with them.
  'packages/server/src/caches/lru-cache.ts':
    "import type { Database } from '../db/database.js';\nexport type Db = Database;\n",
  'packages/server/src/db/database.ts': 'export interface Database { inTransaction: boolean }\n',
  'packages/server/src/routes/posts.ts':
    "import { LIMIT } from '../domain/limits.js';\nexport const x = LIMIT;\n",
  // oauth/ reaching into the dashboard, and a dashboard page calling oauth/ (allowed).
  'packages/server/src/oauth/grants.ts':
    "import type { DashboardEnv } from '../dashboard/session/index.js';\nexport type Env = DashboardEnv;\n",
  'packages/server/src/dashboard/session/index.ts': 'export type DashboardEnv = { x: 1 };\n',
  'packages/server/src/dashboard/pages/consent.tsx':
    "import type { Env } from '../../oauth/grants.js';\nexport type Page = Env;\n",
  // A circle in a test file is left out.
  'packages/sdk/src/a.test.ts': "import './b.test.js';\n",
  'packages/sdk/src/b.test.ts': "import './a.test.js';\n",
};

const root = mkdtempSync(join(tmpdir(), 'import-rules-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the import check (.dependency-cruiser.cjs)', () => {
  it('fails on a circle of type imports, domain/ reaching up into http/ (directly or through a type between), oauth/ into the dashboard and caches/ into db/, and only on those', () => {
    for (const [path, text] of Object.entries(FILES)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    const cruise = (outputType: string) =>
      spawnSync(
        join(REPO_ROOT, 'node_modules/.bin/depcruise'),
        ['packages', '--config', join(REPO_ROOT, '.dependency-cruiser.cjs'), '--output-type', outputType],
        { cwd: root, encoding: 'utf8', timeout: 120_000 },
      );
    // The reporter `npm run check:imports` uses exits with the number of violations (a circle
    // counts once), which fails `npm test`.
    const failing = cruise('err');
    expect(failing.status, failing.stderr).toBe(5);
    expect(failing.stdout).toContain('error no-circular:');
    expect(failing.stdout).toContain('error domain-not-upward:');
    expect(failing.stdout).toContain('error oauth-not-dashboard:');
    expect(failing.stdout).toContain('error caches-below-storage:');
    const listed = cruise('json');
    expect(listed.status, listed.stderr).toBe(0);
    const violations = (JSON.parse(listed.stdout) as { summary: { violations: Violation[] } }).summary
      .violations;
    const found = violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
    expect(found).toEqual([
      'caches-below-storage: packages/server/src/caches/lru-cache.ts -> packages/server/src/db/database.ts',
      'domain-not-upward: packages/server/src/domain/limits.ts -> packages/server/src/http/json-body.ts',
      'domain-not-upward: packages/server/src/domain/posts/read-post.ts -> packages/server/src/http/own-names.ts',
      'no-circular: packages/server/src/domain/publishing/context.ts -> packages/server/src/domain/publishing/probes.ts',
      'oauth-not-dashboard: packages/server/src/oauth/grants.ts -> packages/server/src/dashboard/session/index.ts',
    ]);
  }, 120_000);
});
