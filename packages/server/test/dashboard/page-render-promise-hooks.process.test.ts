import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const REPO_ROOT = resolve(import.meta.dirname, '../../../..');
const PROBE = 'packages/server/test/dashboard/promise-hooks-probe.ts';

interface ProbeResult {
  before: number;
  pages: { path: string; status: number; html: boolean }[];
  afterPages: number;
  afterControl: number;
}

describe('rendering dashboard pages', () => {
  it('leaves promise hooks off for the rest of the process (no AsyncLocalStorage run)', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', PROBE],
      // The server's tsconfig carries the JSX settings the pages are compiled with.
      {
        cwd: REPO_ROOT,
        timeout: 60_000,
        env: { ...process.env, TSX_TSCONFIG_PATH: 'packages/server/tsconfig.json' },
      },
    );
    const result = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as ProbeResult;
    expect(result.pages).toEqual([
      { path: '/dashboard/sign-in', status: 200, html: true },
      { path: '/dashboard/sign-up', status: 200, html: true },
      { path: '/dashboard/no-such-page', status: 404, html: true },
    ]);
    expect(result.before).toBe(0);
    expect(result.afterPages).toBe(0);
    // The probe sees hooks when they are on: an AsyncLocalStorage run turns them on.
    expect(result.afterControl).toBeGreaterThan(0);
  }, 90_000);
});
