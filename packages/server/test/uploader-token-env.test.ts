import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { UploadLink } from '@socialpub/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_TOKEN_ENV, UPLOADER_PATH_PLACEHOLDER } from '../src/domain/uploads/uploader-command.js';
import type { RunningServer } from '../src/start-server.js';
import { startUploaderServer, type UploaderServer } from './uploader-server.js';
import { jpegBytes, sha256Of } from './uploads-helpers.js';

/**
 * Issue 13 item 6: the served uploader command passed the upload token as an argument, which any
 * local user reads with `ps`. Now it goes in the runtime's environment (readable only by the user
 * running it). The runtime (`sh` or `node`) is found on PATH, so a wrapper placed first on PATH
 * records exactly the arguments `ps` would show for the uploader process, and whether the token
 * arrived in its environment, then runs the real runtime.
 */
let server: RunningServer;
let apiKey = '';
let work = '';

let running: UploaderServer | undefined;
beforeAll(async () => {
  running = await startUploaderServer('u', 'socialpub-token-env-');
  ({ server, apiKey, work } = running);
});
afterAll(async () => {
  await running?.close();
});

function wrapperDir(runtime: 'sh' | 'node', log: string): string {
  const dir = join(work, `bin-${runtime}`);
  mkdirSync(dir, { recursive: true });
  const real = runtime === 'sh' ? '/usr/bin/dash' : process.execPath;
  const wrapper = join(dir, runtime);
  writeFileSync(
    wrapper,
    [
      '#!/bin/sh',
      `for a in "$@"; do printf 'arg:%s\\n' "$a" >> '${log}'; done`,
      `if [ -n "\${${UPLOAD_TOKEN_ENV}-}" ]; then printf 'env:%s\\n' "\${${UPLOAD_TOKEN_ENV}}" >> '${log}'; fi`,
      `exec '${real}' "$@"`,
      '',
    ].join('\n'),
  );
  chmodSync(wrapper, 0o755);
  return dir;
}

/** Runs the command as typed into a terminal: given to sh on standard input, not as `sh -c` text. */
function runTyped(command: string, path: string): Promise<number | null> {
  return new Promise((resolve, reject) => {
    // The typing shell by its full path: only the uploader's runtime meets the wrapper on PATH.
    const child = spawn('/usr/bin/dash', ['-s'], {
      env: { ...process.env, PATH: `${path}:${process.env['PATH']}` },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    child.stdout.resume();
    child.stderr.resume();
    child.on('error', reject);
    child.on('close', resolve);
    child.stdin.end(`${command}\n`);
  });
}

describe('the served sh command gives the uploader its token in the environment', () => {
  it.each([
    ['native', 'sh'],
    ['node', 'node'],
  ] as const)(
    'runner %s: no argument of the %s process holds the token, and the upload completes',
    async (runner, runtime) => {
      const bytes = jpegBytes(2 * 1024 * 1024 + 5);
      const file = join(work, `photo-${runner}.jpg`);
      writeFileSync(file, bytes);
      const res = await fetch(`${server.url}/api/v2/media/uploads`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          file_name: `p-${runner}.jpg`,
          size_bytes: bytes.byteLength,
          sha256: sha256Of(bytes),
          shell: 'sh',
          runner,
        }),
      });
      const link = (await res.json()) as UploadLink;
      const token = link.upload.token;
      const log = join(work, `argv-${runner}.log`);
      const code = await runTyped(
        (link.uploader?.command ?? '').replace(UPLOADER_PATH_PLACEHOLDER, file),
        wrapperDir(runtime, log),
      );
      expect(code).toBe(0);
      const lines = readFileSync(log, 'utf8').trim().split('\n');
      const args = lines.filter((line) => line.startsWith('arg:'));
      expect(args.length).toBeGreaterThanOrEqual(6);
      expect(args.some((line) => line.includes(token))).toBe(false);
      expect(args[3]).toBe('arg:-');
      expect(lines).toContain(`env:${token}`);
      const complete = await fetch(`${server.url}/api/v2/media/uploads/${link.file_id}/complete`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}` },
      });
      expect(complete.status).toBe(200);
    },
  );

  it('the PowerShell command sets the token in the environment, passes "-" and removes it afterwards', async () => {
    const bytes = jpegBytes(1000);
    const res = await fetch(`${server.url}/api/v2/media/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        file_name: 'ps.jpg',
        size_bytes: bytes.byteLength,
        sha256: sha256Of(bytes),
        shell: 'powershell',
      }),
    });
    const link = (await res.json()) as UploadLink;
    const command = link.uploader?.command ?? '';
    const token = link.upload.token;
    expect(command).toContain(`$env:${UPLOAD_TOKEN_ENV} = '${token}'`);
    expect(command.split(token)).toHaveLength(2);
    expect(command).toContain(`Remove-Item Env:${UPLOAD_TOKEN_ENV}`);
    expect(command).toMatch(/-File \$f '<FULL_PATH_OF_FILE>' '[^']+' '-' /);
  });
});
