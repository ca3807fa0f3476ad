import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CLI_VERSION } from '../src/program.js';

const run = promisify(execFile);
const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url));

describe('socialpub binary', () => {
  it('prints its version and exits 0 when asked with --version', async () => {
    const { stdout } = await run(process.execPath, [bin, '--version']);
    expect(stdout.trim()).toBe(CLI_VERSION);
  });
});
