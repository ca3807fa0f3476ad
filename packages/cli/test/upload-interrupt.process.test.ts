import { type ChildProcess, spawn } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './cli-harness.js';

// Uploads interrupted in the middle of a piece: the CLI killed while its PATCH body is on the
// wire, and the storage cutting the connection. The next run (or the same run) continues from the
// offset the storage names, and complete's SHA-256 check proves the stored bytes are the file's.

const CHUNK = 6_291_456;
const BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));

let t: TestServer;
let dir: string;
let counter = 0;

interface UploadServices {
  storagePatchGate: Promise<void> | undefined;
  storage: { isLocked(fileId: string): boolean };
}

const uploads = (): UploadServices =>
  (t.server.socialpub.services as unknown as { uploadLinks: UploadServices }).uploadLinks;

beforeAll(async () => {
  t = await startTestServer();
  dir = join(t.configDir, 'interrupted');
  await mkdir(dir, { recursive: true });
});
afterAll(() => t.close());
afterEach(async () => {
  uploads().storagePatchGate = undefined;
  const armed = (await t.admin('GET', '/faults')).body as { data: { fault_id: string }[] };
  for (const fault of armed.data) await t.admin('DELETE', `/faults/${fault.fault_id}`);
});

/** Random bytes behind a JPEG signature: a piece stored at a wrong offset fails complete's check. */
async function randomJpeg(size: number): Promise<string> {
  const path = join(dir, `interrupted-${++counter}.jpg`);
  const body = randomFillSync(Buffer.alloc(size));
  body.set([0xff, 0xd8, 0xff, 0xe0]);
  await writeFile(path, body);
  return path;
}

function startUpload(path: string): {
  child: ChildProcess;
  done: Promise<{ code: number | null; stdout: string; stderr: string }>;
} {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('SOCIALPUB_')),
  );
  const child = spawn(process.execPath, [BIN, 'media', 'upload', path], {
    env: {
      ...env,
      NO_COLOR: '1',
      SOCIALPUB_CONFIG_DIR: t.configDir,
      SOCIALPUB_BASE_URL: t.url,
      SOCIALPUB_API_KEY: t.apiKey,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (piece: Buffer) => {
    stdout += piece.toString();
  });
  child.stderr?.on('data', (piece: Buffer) => {
    stderr += piece.toString();
  });
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
  return { child, done };
}

/** Polls `check` every 10 ms (an event the test cannot subscribe to); fails after `tries`. */
async function until(what: string, check: () => boolean | Promise<boolean>, tries = 3000): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

interface Saved {
  file_id: string;
  url: string;
  token: string;
}

async function savedLink(path: string): Promise<Saved | undefined> {
  const text = await readFile(join(t.configDir, 'uploads.json'), 'utf8').catch(() => '{}');
  const state = JSON.parse(text) as Record<string, Saved>;
  return Object.entries(state).find(([key]) => key.startsWith(`${path}|`))?.[1];
}

async function storedOffset(link: Saved): Promise<number> {
  const response = await fetch(link.url, {
    method: 'HEAD',
    headers: { 'Tus-Resumable': '1.0.0', 'x-signature': link.token },
  });
  expect(response.status).toBe(200);
  return Number(response.headers.get('upload-offset'));
}

function lastLine(stdout: string): Record<string, unknown> {
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as Record<string, unknown>;
}

async function mediaStatus(fileId: unknown): Promise<string> {
  const answer = await t.api('GET', `/api/v2/media?file_id=${String(fileId)}`);
  return (answer.body as { status: string }).status;
}

/**
 * A run of `media upload` stopped by `signal` while its PATCH waits at the storage (the storage's
 * gate holds it), then the gate opened and the broken PATCH let end.
 */
async function stoppedWhileSending(path: string, signal: NodeJS.Signals) {
  let release = () => {};
  uploads().storagePatchGate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const run = startUpload(path);
  let link: Saved | undefined;
  await until('the link to be saved', async () => {
    link = await savedLink(path);
    return link !== undefined;
  });
  const fileId = link?.file_id ?? '';
  await until('a PATCH to hold the upload', () => uploads().storage.isLocked(fileId));
  run.child.kill(signal);
  const result = await run.done;
  uploads().storagePatchGate = undefined;
  release();
  await until('the broken PATCH to end', () => !uploads().storage.isLocked(fileId));
  return { result, link: link as Saved };
}

describe('media upload interrupted in the middle of a piece', () => {
  it('a CLI killed while its PATCH body is being sent: the next run continues from the stored offset', {
    timeout: 120_000,
  }, async () => {
    const size = CHUNK * 2 + 4321;
    const path = await randomJpeg(size);
    // The storage holds each PATCH before reading its body until the CLI is killed, so the body
    // waits on the wire.
    let letThrough = () => {};
    uploads().storagePatchGate = new Promise<void>((resolve) => {
      letThrough = resolve;
    });
    const first = startUpload(path);
    let link: Saved | undefined;
    await until('the link to be saved', async () => {
      link = await savedLink(path);
      return link !== undefined;
    });
    if (!link) throw new Error('no link');
    const fileId = link.file_id;
    await until('a PATCH to hold the upload', () => uploads().storage.isLocked(fileId));
    first.child.kill('SIGKILL');
    const killed = await first.done;
    expect(killed.code).toBeNull();
    expect(killed.stdout).toBe('');
    uploads().storagePatchGate = undefined;
    letThrough();
    await until('the broken PATCH to end', () => !uploads().storage.isLocked(fileId));
    const stored = await storedOffset(link);
    expect(stored).toBeLessThan(size);

    const second = await startUpload(path).done;
    const line = lastLine(second.stdout);
    expect(second.code, second.stdout).toBe(0);
    expect(line).toMatchObject({ state: 'done', exit_code: 0, file_id: fileId, bytes_sent: size - stored });
    expect(await mediaStatus(fileId)).toBe('ready');
  });

  it('Ctrl-C says where the upload stopped and that the same command continues; the next run says it resumes', {
    timeout: 180_000,
  }, async () => {
    const size = CHUNK * 2 + 777;
    const path = await randomJpeg(size);
    const interrupted = () => stoppedWhileSending(path, 'SIGINT');
    const first = await interrupted();
    expect(first.result.code).toBe(130);
    expect(first.result.stdout).toBe('');
    expect(first.result.stderr).toMatch(
      new RegExp(
        `Stopped at [\\d,]+ of ${size.toLocaleString('en-US')} bytes \\(\\d+%\\); run the same command again to continue\\.`,
      ),
    );
    // More bytes reach the storage (another run of the same link would have sent them).
    const stored = await storedOffset(first.link);
    const bytes = await readFile(path);
    const piece = bytes.subarray(stored, stored + 1_000_000);
    const patched = await fetch(first.link.url, {
      method: 'PATCH',
      headers: {
        'Tus-Resumable': '1.0.0',
        'x-signature': first.link.token,
        'Upload-Offset': String(stored),
        'Content-Type': 'application/offset+octet-stream',
      },
      body: piece,
    });
    expect(patched.status).toBe(204);
    const resumedAt = stored + piece.length;

    const second = await interrupted();
    const where = `${resumedAt.toLocaleString('en-US')} of ${size.toLocaleString('en-US')} bytes`;
    expect(second.result.stderr).toContain(`Resuming from ${where}`);
    expect(second.result.stderr).toContain(
      `Stopped at ${where} (${Math.floor((resumedAt / size) * 100)}%); run the same command again to continue.`,
    );
    expect(second.result.code).toBe(130);

    const third = await startUpload(path).done;
    expect(third.code, third.stdout).toBe(0);
    expect(third.stderr).toContain('Resuming from');
    expect(lastLine(third.stdout)).toMatchObject({ state: 'done', file_id: first.link.file_id });
  });

  it('SIGTERM stops it the same way with exit 143', { timeout: 120_000 }, async () => {
    const { result } = await stoppedWhileSending(await randomJpeg(CHUNK + 10), 'SIGTERM');
    expect(result.code).toBe(143);
    expect(result.stderr).toContain('run the same command again to continue.');
  });

  it.each([
    ['before it reads the body', 'before'],
    ['after it stored the piece', 'after'],
  ])(
    'the storage cutting the connection %s: the same run goes on from the stored offset',
    { timeout: 120_000 },
    async (_name, when) => {
      const size = CHUNK * 2 + 999;
      const path = await randomJpeg(size);
      const armed = await t.admin('POST', '/faults', {
        match: { method: 'PATCH', path: '/storage/uploads/' },
        answer: 'drop',
        when,
        times: 1,
      });
      expect(armed.status).toBe(201);
      const run = await startUpload(path).done;
      const line = lastLine(run.stdout);
      expect(run.code, run.stdout).toBe(0);
      expect(line).toMatchObject({ state: 'done', exit_code: 0, size });
      const faults = (await t.admin('GET', '/faults')).body as { data: unknown[] };
      expect(faults.data).toHaveLength(0);
      expect(await mediaStatus(line.file_id)).toBe('ready');
    },
  );
});
