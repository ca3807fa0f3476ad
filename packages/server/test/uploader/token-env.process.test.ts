import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { UploadLink } from '@socialpub/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_TOKEN_ENV, UPLOADER_PATH_PLACEHOLDER } from '../../src/domain/uploads/uploader-command.js';
import type { RunningServer } from '../../src/start-server.js';
import { jpegBytes, sha256Of } from '../helpers/uploads.js';
import { startUploaderServer, type UploaderServer } from './uploader-server.js';

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
  const dir = join(work, `bin-${runtime}-${log.replace(/\W/g, '')}`);
  mkdirSync(dir, { recursive: true });
  const real = runtime === 'sh' ? '/usr/bin/dash' : process.execPath;
  const wrapper = join(dir, runtime);
  writeFileSync(
    wrapper,
    [
      '#!/bin/sh',
      `for a in "$@"; do printf 'arg:%s\\n' "$a" >> '${log}'; done`,
      `if [ -n "\${${UPLOAD_TOKEN_ENV}-}" ]; then printf 'env:%s\\n' "\${${UPLOAD_TOKEN_ENV}}" >> '${log}'; fi`,
      // While the uploader runs: every process whose arguments hold the token (what `ps` shows any
      // local user). Matched by the shell itself, so no matcher carries the token in its own arguments.
      `for p in /proc/[0-9]*; do c="$(tr '\\000' ' ' < "$p/cmdline" 2>/dev/null)" || continue;`,
      `case "$c" in *"\${${UPLOAD_TOKEN_ENV}-none}"*) printf 'proc:%s\\n' "\${p#/proc/}" >> '${log}' ;; esac; done`,
      `exec '${real}' "$@"`,
      '',
    ].join('\n'),
  );
  chmodSync(wrapper, 0o755);
  return dir;
}

/**
 * Runs the command as typed into a terminal (given to sh on standard input), or as an AI app's
 * shell tool does (`bash -c <command>`, `dash -c <command>`). Resolves with the exit code and the
 * pid of the shell that was given the command.
 */
function runAs(
  how: 'typed' | 'bash -c' | 'dash -c',
  command: string,
  path: string,
): Promise<{ code: number | null; shellPid: number | undefined }> {
  return new Promise((resolve, reject) => {
    // The shell by its full path: only the uploader's runtime meets the wrapper on PATH.
    const args = how === 'typed' ? ['-s'] : ['-c', command];
    const child = spawn(how === 'bash -c' ? '/bin/bash' : '/usr/bin/dash', args, {
      env: { ...process.env, PATH: `${path}:${process.env['PATH']}` },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    child.stdout.resume();
    child.stderr.resume();
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, shellPid: child.pid }));
    child.stdin.end(how === 'typed' ? `${command}\n` : '');
  });
}

async function shLink(runner: 'native' | 'node', name: string): Promise<{ link: UploadLink; file: string }> {
  const bytes = jpegBytes(2 * 1024 * 1024 + 5);
  const file = join(work, `${name}.jpg`);
  writeFileSync(file, bytes);
  const res = await fetch(`${server.url}/api/v2/media/uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      file_name: `${name}.jpg`,
      size_bytes: bytes.byteLength,
      sha256: sha256Of(bytes),
      shell: 'sh',
      runner,
    }),
  });
  expect(res.status).toBe(201);
  return { link: (await res.json()) as UploadLink, file };
}

const completes = async (link: UploadLink) =>
  (
    await fetch(`${server.url}/api/v2/media/uploads/${link.file_id}/complete`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}` },
    })
  ).status;

describe('the served sh command gives the uploader its token in the environment', () => {
  it.each([
    ['native', 'sh'],
    ['node', 'node'],
  ] as const)(
    'runner %s: no argument of the %s process holds the token, and the upload completes',
    async (runner, runtime) => {
      const { link, file } = await shLink(runner, `photo-${runner}`);
      const token = link.upload.token;
      const log = join(work, `argv-${runner}.log`);
      const { code } = await runAs(
        'typed',
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
      // Typed: the terminal's shell holds no command text in its arguments, so no process does.
      expect(lines.filter((line) => line.startsWith('proc:'))).toEqual([]);
      expect(await completes(link)).toBe(200);
    },
  );

  it.each([
    ['native', 'sh'],
    ['node', 'node'],
  ] as const)(
    "runner %s as `bash -c <command>` (an AI app's shell tool): no process holds the token in its arguments while the %s uploader runs",
    async (runner, runtime) => {
      const { link, file } = await shLink(runner, `bash-${runner}`);
      const log = join(work, `bash-c-${runner}.log`);
      const command = (link.uploader?.command ?? '').replace(UPLOADER_PATH_PLACEHOLDER, file);
      const { code } = await runAs('bash -c', command, wrapperDir(runtime, log));
      expect(code).toBe(0);
      const lines = readFileSync(log, 'utf8').trim().split('\n');
      expect(lines).toContain(`env:${link.upload.token}`);
      expect(lines.filter((line) => line.startsWith('proc:'))).toEqual([]);
      expect(await completes(link)).toBe(200);
    },
  );

  it("as `dash -c <command>`: only the caller's own dash keeps the text (dash does not exec its last command), no process the command starts", async () => {
    const { link, file } = await shLink('native', 'dash-c');
    const log = join(work, 'dash-c.log');
    const command = (link.uploader?.command ?? '').replace(UPLOADER_PATH_PLACEHOLDER, file);
    const { code, shellPid } = await runAs('dash -c', command, wrapperDir('sh', log));
    expect(code).toBe(0);
    const holders = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .filter((line) => line.startsWith('proc:'));
    expect(holders).toEqual([`proc:${shellPid}`]);
    expect(await completes(link)).toBe(200);
  });

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
