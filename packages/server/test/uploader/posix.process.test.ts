import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UPLOADER_EXIT_CODES, UPLOADER_STATES, type UploadLink } from '@socialpub/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MISSING_RUNTIME_ADVICE,
  UPLOADER_PATH_PLACEHOLDER,
} from '../../src/domain/uploads/uploader-command.js';
import type { RunningServer } from '../../src/start-server.js';
import { jpegBytes, sha256Of } from '../helpers/uploads.js';
import { startUploaderServer, type UploaderServer } from './uploader-server.js';

/**
 * Issue 11 items 7 and 8: `shell: "sh"` runs under a POSIX shell (dash here, /bin/dash) with exit
 * codes 0 to 6 only, a missing runtime is exit 1 with the document's advice (never 127), and running
 * the uploader again after `complete` says the file is done, exit 0. Every command is the one the
 * server hands out, run for real under dash against a real listener.
 */
const ASSETS = fileURLToPath(new URL('../../assets/uploader/v1/', import.meta.url));
const DASH = '/bin/dash';
let server: RunningServer;
let apiKey = '';
let work = '';
let count = 0;

let running: UploaderServer | undefined;
beforeAll(async () => {
  running = await startUploaderServer('posix', 'socialpub-posix-');
  ({ server, apiKey, work } = running);
});
afterAll(async () => {
  await running?.close();
});

interface Result {
  code: number | null;
  last: { state: string; exit_code: number; bytes_sent: number; message: string };
}

/** The command given to dash as typed text, with `PATH` replaced when a test takes tools away. */
function underDash(command: string, path?: string): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(DASH, ['-c', command], {
      env: { ...process.env, ...(path === undefined ? {} : { PATH: path }) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (piece: Buffer) => {
      stdout += piece.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const last = stdout.trim().split('\n').at(-1) ?? '';
      try {
        resolve({ code, last: JSON.parse(last) as Result['last'] });
      } catch {
        reject(new Error(`exit ${code}, no JSON line: ${stdout}`));
      }
    });
  });
}

async function uploadLink(runner: 'native' | 'node'): Promise<{ link: UploadLink; command: string }> {
  const bytes = jpegBytes(300_000 + count);
  const path = join(work, `photo ${count++}.jpg`);
  writeFileSync(path, bytes);
  const res = await fetch(`${server.url}/api/v2/media/uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      file_name: `p${count}.jpg`,
      size_bytes: bytes.byteLength,
      sha256: sha256Of(bytes),
      shell: 'sh',
      runner,
    }),
  });
  expect(res.status).toBe(201);
  const link = (await res.json()) as UploadLink;
  return { link, command: (link.uploader?.command ?? '').replace(UPLOADER_PATH_PLACEHOLDER, path) };
}

function complete(link: UploadLink): Promise<Response> {
  return fetch(`${server.url}/api/v2/media/uploads/${link.file_id}/complete`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}` },
  });
}

/** A PATH holding only links to `tools` (and fakes written by the test), so others are missing. */
function pathWith(name: string, tools: string[], fakes: Record<string, string> = {}): string {
  const dir = join(work, `path-${name}`);
  mkdirSync(dir, { recursive: true });
  for (const tool of tools)
    symlinkSync(tool.startsWith('/') ? tool : `/usr/bin/${tool}`, join(dir, tool.split('/').pop() ?? tool));
  for (const [fake, body] of Object.entries(fakes)) {
    writeFileSync(join(dir, fake), `#!/bin/dash\n${body}\n`);
    chmodSync(join(dir, fake), 0o755);
  }
  return dir;
}

const TOOLS = [
  'curl',
  'mktemp',
  'sha256sum',
  'rm',
  'cut',
  'awk',
  'sed',
  'tr',
  'wc',
  'date',
  'head',
  'tail',
  'grep',
  'cat',
  'sleep',
];

describe('the sh uploader under dash', () => {
  it('uses no bash: the script declares /bin/sh and the command runs it with sh', async () => {
    const script = readFileSync(join(ASSETS, 'uploader.sh'), 'utf8');
    expect(script.startsWith('#!/bin/sh\n')).toBe(true);
    expect(script).not.toMatch(/^\s*local\s|\$\{[A-Za-z_]+\/\/|^\s*[A-Za-z_]+=\(|\[\[/m);
    const { command } = await uploadLink('native');
    expect(command).not.toContain('bash');
  });

  it.each(['native', 'node'] as const)(
    'sends the file with runner %s: exit 0, then complete is ready',
    async (runner) => {
      const { link, command } = await uploadLink(runner);
      const result = await underDash(command);
      expect(result.code).toBe(0);
      expect(result.last.state).toBe('done');
      expect((await complete(link)).status).toBe(200);
    },
  );

  it.each([
    ['node', 'node', ['curl', 'mktemp']],
    ['native', 'curl', ['mktemp', 'sh']],
  ] as const)(
    'runner %s without %s: exit 1 with the advice to ask again, not 127',
    async (runner, missing, tools) => {
      const { link, command } = await uploadLink(runner);
      const result = await underDash(command, pathWith(`no-${missing}-${runner}`, [...tools]));
      expect(result.code).toBe(1);
      expect(result.last).toMatchObject({ state: 'failed', exit_code: 1 });
      expect(result.last.message).toBe(`${missing} is not installed here: ${MISSING_RUNTIME_ADVICE}`);
      const head = await fetch(link.upload.url, {
        method: 'HEAD',
        headers: { 'x-signature': link.upload.token, 'tus-resumable': '1.0.0' },
      });
      expect(head.headers.get('upload-offset')).toBe('0');
    },
  );

  it('reports a runtime that dies outside the table (exit 137) as exit 1 failed', async () => {
    const { command } = await uploadLink('node');
    const path = pathWith('killed-node', TOOLS, { node: 'exit 137' });
    const result = await underDash(command, path);
    expect(result.code).toBe(1);
    expect(result.last.state).toBe('failed');
    expect(result.last.message).toContain('stopped outside its exit codes (137)');
  });
});

describe('running the uploader again after complete', () => {
  it.each(['native', 'node'] as const)(
    'runner %s: says the file is ready, sends nothing, exit 0',
    async (runner) => {
      const { link, command } = await uploadLink(runner);
      expect((await underDash(command)).code).toBe(0);
      expect((await complete(link)).status).toBe(200);
      const again = await underDash(command);
      expect(again.code).toBe(0);
      expect(again.last).toMatchObject({ state: 'done', exit_code: 0, bytes_sent: 0 });
      expect(again.last.message).toContain('already stored and ready');
    },
  );

  it('still says so once every token of the file has expired', async () => {
    const { link, command } = await uploadLink('native');
    expect((await underDash(command)).code).toBe(0);
    expect((await complete(link)).status).toBe(200);
    const clock = server.socialpub.services.clock;
    await server.socialpub.services.dueWork.advanceTo(new Date(clock.now().getTime() + 3 * 3600 * 1000));
    const again = await underDash(command);
    expect(again.code).toBe(0);
    expect(again.last.message).toContain('already stored and ready');
  });

  it('keeps refusing a ready upload to a request without a token or with another file\u2019s token', async () => {
    const first = await uploadLink('native');
    const other = await uploadLink('native');
    expect((await underDash(first.command)).code).toBe(0);
    expect((await complete(first.link)).status).toBe(200);
    const headWith = (token?: string) =>
      fetch(first.link.upload.url, {
        method: 'HEAD',
        headers: { 'tus-resumable': '1.0.0', ...(token === undefined ? {} : { 'x-signature': token }) },
      });
    expect((await headWith()).status).toBe(401);
    expect((await headWith(other.link.upload.token)).status).toBe(403);
  });
});

describe('the PowerShell uploader shares the table (checked as text: no PowerShell here)', () => {
  const ps1 = readFileSync(join(ASSETS, 'uploader.ps1'), 'utf8');
  const sh = readFileSync(join(ASSETS, 'uploader.sh'), 'utf8');
  const mjs = readFileSync(join(ASSETS, 'uploader.mjs'), 'utf8');

  /** `(code, message)` of every literal exit message: `Finish N '...'`, `finish N "..."`, `finish(N, '...')`. */
  function exits(text: string, pattern: RegExp): Array<[number, string]> {
    return [...text.matchAll(pattern)].map((m) => [Number(m[1]), m[2] ?? ''] as [number, string]);
  }
  const ps1Exits = exits(ps1, /Finish (\d+) '([^']*)'/g);
  const shExits = exits(sh, /finish (\d+) "([^"$]*)"/g);
  const mjsExits = exits(mjs, /finish\((\d+), '([^']*)'\)/g);

  it('names the states in the order of core\u2019s table', () => {
    const states = /\$States = @\(([^)]*)\)/
      .exec(ps1)?.[1]
      ?.match(/'([a-z_]+)'/g)
      ?.map((s) => s.slice(1, -1));
    expect(states).toEqual([...UPLOADER_STATES]);
  });

  it('exits only with codes 0 to 6, each message also used for the same code by the sh or Node uploader', () => {
    expect(ps1Exits.length).toBeGreaterThan(8);
    const others = new Set([...shExits, ...mjsExits].map(([code, message]) => `${code}:${message}`));
    for (const [code, message] of ps1Exits) {
      expect(code).toBeGreaterThanOrEqual(0);
      expect(code).toBeLessThanOrEqual(6);
      expect(others.has(`${code}:${message}`), `${code}: ${message}`).toBe(true);
    }
    expect([...ps1.matchAll(/\bexit (\d+)/gi)].every((m) => Number(m[1]) <= 6)).toBe(true);
  });

  it('uses core\u2019s wording for done and bad_command in all three', () => {
    const done = UPLOADER_EXIT_CODES[0]?.action ?? '';
    const badCommand = UPLOADER_EXIT_CODES[6]?.action ?? '';
    for (const found of [ps1Exits, shExits, mjsExits]) {
      expect(found).toContainEqual([0, done]);
      expect(found).toContainEqual([6, badCommand]);
    }
  });

  it('tells a ready file from one waiting for complete, as the others do', () => {
    expect(ps1).toContain('status cmVhZHk=');
    const ready = ps1Exits.find(([, message]) => message.includes('already stored and ready'));
    expect(ready?.[0]).toBe(0);
  });
});
