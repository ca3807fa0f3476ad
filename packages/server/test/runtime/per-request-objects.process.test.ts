import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const REPO_ROOT = resolve(import.meta.dirname, '../../../..');
const PROBE = 'packages/server/test/runtime/per-request-objects-probe.ts';

describe('a server under CI pipelines', () => {
  it('makes no web Request or abort signal per request (nothing kept per request until a full collection)', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', PROBE],
      {
        cwd: REPO_ROOT,
        timeout: 120_000,
        env: { ...process.env, TSX_TSCONFIG_PATH: 'packages/server/tsconfig.json' },
      },
    );
    const result = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as {
      pipelines: number;
      controllers: number;
    };
    expect(result.pipelines).toBe(20);
    expect(result.controllers).toBe(0);
  }, 150_000);
});
