import { createHash } from 'node:crypto';
import { appendFile, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type CliResult, startTestServer, type TestServer } from './cli-harness.js';

const CHUNK = 6_291_456;

let t: TestServer;
let dir: string;
let counter = 0;

beforeAll(async () => {
  t = await startTestServer();
  dir = join(t.configDir, 'files');
  await mkdir(dir, { recursive: true });
});
afterAll(() => t.close());
afterEach(() => {
  uploadLinks().storagePatchGate = undefined;
});

interface UploadLinksKnobs {
  storagePatchGate: Promise<void> | undefined;
  storage: { isLocked(fileId: string): boolean };
}

function uploadLinks(): UploadLinksKnobs {
  const services = t.server.socialpub.services as unknown as {
    uploadLinks?: UploadLinksKnobs;
  };
  if (!services.uploadLinks) throw new Error('upload links are not mounted on the server');
  return services.uploadLinks;
}

/**
 * The storage endpoint's test knob: every PATCH waits at its lock until the returned function is
 * called, so a test decides when a piece lands, however slow the machine.
 */
function holdPatches(): () => void {
  let open = () => {};
  uploadLinks().storagePatchGate = new Promise<void>((resolve) => {
    open = resolve;
  });
  return () => {
    uploadLinks().storagePatchGate = undefined;
    open();
  };
}

/** A JPEG-looking file of `size` bytes, unique per call so no two tests share a link. */
async function jpeg(size: number): Promise<string> {
  const path = join(dir, `photo-${++counter}.jpg`);
  const body = Buffer.alloc(size, counter);
  if (size >= 4) body.set([0xff, 0xd8, 0xff, 0xe0]);
  await writeFile(path, body);
  return path;
}

/**
 * Resolves with the file id once a running `media upload` saved the link of `path`: its measuring
 * is over. Polls until the test's own timeout; a start on busy cores can take many seconds.
 */
async function linkSaved(path: string): Promise<string> {
  const state = join(t.configDir, 'uploads.json');
  for (;;) {
    const saved = JSON.parse(await readFile(state, 'utf8').catch(() => '{}')) as Record<
      string,
      { file_id: string }
    >;
    const entry = Object.entries(saved).find(([key]) => key.startsWith(`${path}|`));
    if (entry) return entry[1].file_id;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Resolves once the storage holds the PATCH lock of `path`'s upload: its uploader is sending. */
async function sending(path: string): Promise<void> {
  const fileId = await linkSaved(path);
  while (!uploadLinks().storage.isLocked(fileId)) await new Promise((resolve) => setTimeout(resolve, 10));
}

/** `sending(path)`, failing with the run's output should the run end before its first PATCH. */
function sendingWhile(path: string, running: Promise<CliResult>): Promise<void> {
  const ended = running.then((result) => {
    throw new Error(`the upload ended before its first PATCH: ${result.stdout}${result.stderr}`);
  });
  return Promise.race([sending(path), ended]);
}

/** The run time a partial run is given: its measuring, link and HEAD must fit in it on a busy machine. */
const RUN_SECONDS = 3;

/**
 * A run of `media upload --max-run-seconds` whose run time ends while its first piece is at the
 * storage. The run's clock starts before that PATCH, so RUN_SECONDS after the test sees the PATCH
 * the deadline has passed: the piece is let through then, and the run stops before the next one.
 */
async function partialRun(path: string): Promise<CliResult> {
  const release = holdPatches();
  const running = upload(path, '--max-run-seconds', String(RUN_SECONDS));
  try {
    await sendingWhile(path, running);
    await new Promise((resolve) => setTimeout(resolve, RUN_SECONDS * 1000));
  } finally {
    release();
  }
  return running;
}

interface Line {
  state: string;
  exit_code: number;
  file_id?: string;
  bytes_sent: number;
  bytes_stored?: number;
}

function lastLine(result: CliResult): Line {
  const lines = result.stdout.trim().split('\n');
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0] ?? '') as Line;
}

const upload = (...args: string[]) => t.cli(['media', 'upload', ...args]);

describe('media upload exit codes', () => {
  it('exits 0 done with one JSON line once the file is stored, completed and ready', async () => {
    const path = await jpeg(4096);
    const result = await upload(path);
    const line = lastLine(result);
    expect(result.code, result.stderr).toBe(0);
    expect(line).toMatchObject({ state: 'done', exit_code: 0, bytes_sent: 4096 });
    const status = await t.api('GET', `/api/v2/media?file_id=${line.file_id}`);
    expect((status.body as { status: string }).status).toBe('ready');
  });

  it('exits 3 partial when --max-run-seconds runs out, and the same command continues the same link', async () => {
    const path = await jpeg(CHUNK * 2 + 100);
    const first = await partialRun(path);
    const partial = lastLine(first);
    expect(first.code).toBe(3);
    expect(partial).toMatchObject({ state: 'partial', exit_code: 3, bytes_stored: CHUNK });
    const state = join(t.configDir, 'uploads.json');
    expect((await stat(state)).mode & 0o777).toBe(0o600);
    const second = await upload(path);
    const done = lastLine(second);
    expect(second.code).toBe(0);
    expect(done.file_id).toBe(partial.file_id);
    expect(done.bytes_sent).toBe(CHUNK + 100);
    expect(JSON.parse(await readFile(state, 'utf8'))).toEqual({});
  });

  it.each([
    ['a missing file', async () => join(dir, 'not-there.jpg')],
    ['an empty file', async () => jpeg(0)],
  ])('exits 2 refused for %s', async (_name, make) => {
    const result = await upload(await make());
    expect(result.code).toBe(2);
    expect(lastLine(result)).toMatchObject({ state: 'refused', exit_code: 2 });
  });

  it('exits 2 refused when the file changes while it is being sent', async () => {
    const path = await jpeg(CHUNK * 2);
    const release = holdPatches();
    const running = upload(path);
    // Changed while its first piece is at the storage: measured, and checked before that piece.
    try {
      await sendingWhile(path, running);
      await appendFile(path, Buffer.alloc(10));
    } finally {
      release();
    }
    const result = await running;
    expect(result.code).toBe(2);
    expect(lastLine(result)).toMatchObject({ state: 'refused' });
    expect(result.stdout).toContain('changed');
  });

  it('exits 5 busy while another uploader holds the file', async () => {
    const path = await jpeg(2048);
    const release = holdPatches();
    const holder = upload(path);
    const second = await sendingWhile(path, holder)
      .then(() => upload(path))
      .finally(release);
    expect(second.code).toBe(5);
    expect(lastLine(second)).toMatchObject({ state: 'busy', exit_code: 5 });
    expect((await holder).code).toBe(0);
  });

  it('exits 4 token_rejected when the storage refuses the token and no fresh one can be had', async () => {
    const path = await jpeg(1024);
    const bytes = await readFile(path);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const created = await t.api('POST', '/api/v2/media/uploads', {
      file_name: path.split('/').pop(),
      size_bytes: bytes.length,
      sha256,
    });
    const link = created.body as { file_id: string; upload: { url: string } };
    let last = created;
    for (let i = 0; i < 13 && last.status !== 429; i++) {
      last = await t.api('POST', `/api/v2/media/uploads/${link.file_id}/token`, {});
    }
    expect(last.status).toBe(429);
    const info = await stat(path);
    const key = `${path}|${info.size}|${Math.trunc(info.mtimeMs)}|${sha256}`;
    const saved = {
      [key]: {
        file_id: link.file_id,
        url: link.upload.url,
        token: 'not-the-token',
        token_expires_at: new Date(Date.now() + 3600_000).toISOString(),
        saved_at: new Date().toISOString(),
      },
    };
    await writeFile(join(t.configDir, 'uploads.json'), JSON.stringify(saved), { mode: 0o600 });
    const result = await upload(path);
    expect(result.code).toBe(4);
    expect(lastLine(result)).toMatchObject({ state: 'token_rejected', exit_code: 4, file_id: link.file_id });
  });

  it.each([
    ['no file', [] as string[]],
    ['an unknown option', ['x.jpg', '--bogus']],
    ['a --max-run-seconds that is not a number', ['x.jpg', '--max-run-seconds', 'soon']],
  ])('exits 6 bad_command for %s', async (_name, args) => {
    const result = await upload(...args);
    expect(result.code).toBe(6);
    expect(lastLine(result)).toMatchObject({ state: 'bad_command', exit_code: 6 });
  });

  it('never prints the API key or the upload token', async () => {
    // A partial run first, so the token it used can be read from the saved state and looked for.
    const path = await jpeg(CHUNK + 100);
    const first = await partialRun(path);
    expect(first.code).toBe(3);
    const saved = JSON.parse(await readFile(join(t.configDir, 'uploads.json'), 'utf8')) as Record<
      string,
      { token: string }
    >;
    const tokens = Object.values(saved).map((entry) => entry.token);
    expect(tokens).toHaveLength(1);
    const result = await upload(path);
    expect(result.code).toBe(0);
    for (const output of [first.stdout + first.stderr, result.stdout + result.stderr]) {
      expect(output).not.toContain(t.apiKey);
      for (const token of tokens) expect(output).not.toContain(token);
    }
    const state = await readFile(join(t.configDir, 'uploads.json'), 'utf8').catch(() => '{}');
    expect(JSON.parse(state)).toEqual({});
  });
});
