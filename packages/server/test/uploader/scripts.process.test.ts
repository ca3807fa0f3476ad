import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contentMismatch, type UploadLink } from '@socialpub/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandCheck, UPLOADER_PATH_PLACEHOLDER } from '../../src/domain/uploads/uploader-command.js';
import { type RunningServer, startServer } from '../../src/start-server.js';
import { ADMIN_TOKEN, CLOCK_START } from '../helpers/test-app.js';
import { holdStoragePatches, jpegBytes, pngBytes, sha256Of } from '../helpers/uploads.js';

const ASSETS = fileURLToPath(new URL('../../assets/uploader/v1/', import.meta.url));
let server: RunningServer;
let apiKey = '';
let work = '';
let fileCount = 0;

beforeAll(async () => {
  server = await startServer(
    {
      memory: true,
      port: 0,
      host: '127.0.0.1',
      clock: 'virtual',
      clockStart: CLOCK_START,
      adminToken: ADMIN_TOKEN,
      seedDemo: false,
    },
    () => {},
  );
  const admin = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };
  const account = (await (
    await fetch(`${server.url}/admin/v1/accounts`, {
      method: 'POST',
      headers: admin,
      body: '{"plan":"agency"}',
    })
  ).json()) as {
    account_id: string;
  };
  const key = (await (
    await fetch(`${server.url}/admin/v1/accounts/${account.account_id}/keys`, {
      method: 'POST',
      headers: admin,
      body: '{"name":"u"}',
    })
  ).json()) as { api_key: string };
  apiKey = key.api_key;
  work = mkdtempSync(join(tmpdir(), 'socialpub-uploader-'));
});

afterAll(async () => {
  await server?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

function service() {
  const found = server.socialpub.services.uploadLinks;
  if (!found) throw new Error('uploads not mounted');
  return found;
}

function api(method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

function newFile(size: number): { path: string; bytes: Buffer } {
  const bytes = jpegBytes(size);
  const path = join(work, `file ${fileCount++}.jpg`);
  writeFileSync(path, bytes);
  return { path, bytes };
}

async function linkFor(bytes: Buffer, extra: Record<string, unknown> = {}): Promise<UploadLink> {
  const res = await api('POST', '/api/v2/media/uploads', {
    file_name: `f${fileCount++}.jpg`,
    size_bytes: bytes.byteLength,
    sha256: sha256Of(bytes),
    ...extra,
  });
  if (res.status !== 201) throw new Error(`link: ${res.status} ${await res.text()}`);
  return (await res.json()) as UploadLink;
}

/** A max_run_seconds the first piece always fits in, also on a busy machine (sh counts whole seconds). */
const RUN_SECONDS = 3;

/** Resolves once a PATCH holds the storage lock of `fileId`; fails should the run end first. */
async function lockedWhile(fileId: string, running: Promise<Run>): Promise<void> {
  let ended: Run | undefined;
  void running.then((result) => {
    ended = result;
  });
  while (!service().storage.isLocked(fileId)) {
    if (ended) throw new Error(`the uploader ended before its first PATCH: ${ended.stdout}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

interface Run {
  code: number | null;
  last: {
    state: string;
    exit_code: number;
    bytes_sent: number;
    offset: number;
    size: number;
    message: string;
  };
  stdout: string;
}

function run(command: string, args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (piece: Buffer) => {
      stdout += piece.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const lines = stdout.trim().split('\n');
      try {
        resolve({ code, last: JSON.parse(lines[lines.length - 1] ?? '{}') as Run['last'], stdout });
      } catch {
        reject(new Error(`no JSON line: ${stdout}`));
      }
    });
  });
}

/** Runs a script directly (tests may pass a max_run_seconds below 30: the server checks that, not the script). */
function script(
  kind: 'sh' | 'mjs',
  path: string,
  link: UploadLink,
  maxRun: number,
  env: Record<string, string> = {},
) {
  const args = [path, link.upload.url, link.upload.token, link.sha256, String(maxRun)];
  args.push(commandCheck(link.upload.url, link.upload.token, link.sha256, maxRun));
  return kind === 'sh'
    ? run('dash', [join(ASSETS, 'uploader.sh'), ...args], env)
    : run('node', [join(ASSETS, 'uploader.mjs'), ...args], env);
}

async function headOffset(link: UploadLink): Promise<string | null> {
  const res = await fetch(link.upload.url, {
    method: 'HEAD',
    headers: { 'x-signature': link.upload.token, 'tus-resumable': '1.0.0' },
  });
  return res.headers.get('upload-offset');
}

describe('served uploader scripts', () => {
  it('serves each script as plain text with bytes matching SHA256SUMS', async () => {
    const sums = await (await fetch(`${server.url}/uploader/v1/SHA256SUMS`)).text();
    const lines = sums.trim().split('\n');
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      const [hash, name] = line.split('  ');
      const res = await fetch(`${server.url}/uploader/v1/${name}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/plain');
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(hash);
    }
    expect((await fetch(`${server.url}/uploader/v2/uploader.sh`)).status).toBe(404);
  });

  it('gives a PowerShell command that downloads, checks and runs uploader.ps1', async () => {
    const link = await linkFor(jpegBytes(100), { shell: 'powershell' });
    const block = link.uploader;
    const sums = await (await fetch(`${server.url}/uploader/v1/SHA256SUMS`)).text();
    expect(block?.download_url).toBe(`${server.url}/uploader/v1/uploader.ps1`);
    expect(sums).toContain(`${block?.sha256}  uploader.ps1`);
    for (const part of [
      'New-TemporaryFile',
      'Invoke-WebRequest',
      'Get-FileHash',
      block?.sha256 ?? 'x',
      UPLOADER_PATH_PLACEHOLDER,
      'Remove-Item',
    ]) {
      expect(block?.command).toContain(part);
    }
    expect(block?.command).toContain(commandCheck(link.upload.url, link.upload.token, link.sha256, 100));
    expect(block?.command).not.toContain(`?x-signature`);
  });
});

describe('uploaders run for real', () => {
  it.each(['native', 'node'])(
    'sends a whole file with the sh command (runner %s): exit 0, then complete is ready',
    async (runner) => {
      const { path, bytes } = newFile(7 * 1024 * 1024 + 3);
      const link = await linkFor(bytes, { shell: 'sh', runner });
      const command = (link.uploader?.command ?? '').replace(UPLOADER_PATH_PLACEHOLDER, path);
      expect(command).toContain('mktemp -d');
      const result = await run('dash', ['-c', command]);
      expect(result.code).toBe(0);
      expect(result.last).toMatchObject({
        state: 'done',
        exit_code: 0,
        offset: bytes.byteLength,
        size: bytes.byteLength,
      });
      const done = await api('POST', `/api/v2/media/uploads/${link.file_id}/complete`);
      expect(done.status).toBe(200);
    },
  );

  it('refuses to run an uploader whose checksum differs (exit 1)', async () => {
    const { path, bytes } = newFile(1000);
    const link = await linkFor(bytes, { shell: 'sh' });
    const command = (link.uploader?.command ?? '')
      .replace(UPLOADER_PATH_PLACEHOLDER, path)
      .replace(link.uploader?.sha256 ?? '', '0'.repeat(64));
    const result = await run('dash', ['-c', command]);
    expect(result.code).toBe(1);
    expect(result.last.message).toContain('did not download correctly');
    expect(await headOffset(link)).toBe('0');
  });

  it('exits 6 bad_command when the command was altered other than the path', async () => {
    const { path, bytes } = newFile(1000);
    const link = await linkFor(bytes, { shell: 'sh', max_run_seconds: 100 });
    const command = (link.uploader?.command ?? '')
      .replace(UPLOADER_PATH_PLACEHOLDER, path)
      .replace(' 100 ', ' 200 ');
    const result = await run('dash', ['-c', command]);
    expect(result.code).toBe(6);
    expect(result.last.state).toBe('bad_command');
    const altered = await run('node', [
      join(ASSETS, 'uploader.mjs'),
      path,
      link.upload.url,
      `${link.upload.token}x`,
      link.sha256,
      '30',
      commandCheck(link.upload.url, link.upload.token, link.sha256, 30),
    ]);
    expect(altered.code).toBe(6);
  });

  it.each(['sh', 'mjs'] as const)(
    '%s: stops at max_run_seconds with exit 3, and the next run continues to exit 0',
    async (kind) => {
      const { path, bytes } = newFile(1024 * 1024);
      const link = await linkFor(bytes);
      const env = { SOCIALPUB_UPLOADER_CHUNK_BYTES: String(64 * 1024) };
      // The first piece is let through; the next is held at the storage for good, so the run ends
      // only because its own time is used up, however slow the machine.
      const firstPiece = holdStoragePatches(service());
      const running = script(kind, path, link, RUN_SECONDS, env);
      let later: { release: () => void } | undefined;
      let cut: Run;
      try {
        await lockedWhile(link.file_id, running);
        later = holdStoragePatches(service());
        firstPiece.release();
        cut = await running;
      } finally {
        firstPiece.release();
        later?.release();
      }
      expect(cut.code).toBe(3);
      expect(cut.last.state).toBe('partial');
      // The piece cut off mid-way may still be landing: the stored offset is read once it has.
      while (service().storage.isLocked(link.file_id))
        await new Promise((resolve) => setTimeout(resolve, 50));
      const stored = Number(await headOffset(link));
      expect(stored).toBeGreaterThan(0);
      expect(stored).toBeLessThan(bytes.byteLength);
      const rest = await script(kind, path, link, 30, env);
      expect(rest.code).toBe(0);
      expect(rest.last.bytes_sent).toBe(bytes.byteLength - stored);
      expect((await api('POST', `/api/v2/media/uploads/${link.file_id}/complete`)).status).toBe(200);
    },
  );

  it.each(['sh', 'mjs'] as const)('%s: exits 4 token_rejected once the token expired', async (kind) => {
    const { path, bytes } = newFile(5000);
    const link = await linkFor(bytes);
    await server.socialpub.services.dueWork.advanceTo(
      new Date(server.socialpub.services.clock.now().getTime() + 2 * 3600 * 1000 + 1000),
    );
    const result = await script(kind, path, link, 30);
    expect(result.code).toBe(4);
    expect(result.last.state).toBe('token_rejected');
  });

  it('exits 5 busy when another uploader is sending the same file', async () => {
    const { path, bytes } = newFile(100_000);
    const link = await linkFor(bytes);
    const held = holdStoragePatches(service());
    const first = script('mjs', path, link, 30);
    // The second starts once the first holds the storage lock, and the lock is held until it ended.
    let second: Run;
    try {
      await lockedWhile(link.file_id, first);
      second = await script('sh', path, link, 30);
    } finally {
      held.release();
    }
    expect(second.code).toBe(5);
    expect(second.last.state).toBe('busy');
    expect((await first).code).toBe(0);
  });

  it.each([
    ['mjs', 'the same size but other bytes'],
    ['sh', 'another size'],
  ] as const)('%s: exits 2 refused when the file changed (%s) since the link', async (kind, change) => {
    const { path, bytes } = newFile(4000);
    const link = await linkFor(bytes);
    writeFileSync(path, change === 'another size' ? jpegBytes(4001) : jpegBytes(4000));
    const result = await script(kind, path, link, 30);
    expect(result.code).toBe(2);
    expect(result.last.state).toBe('refused');
    expect(await headOffset(link)).toBe('0');
  });

  it.each(['sh', 'mjs'] as const)('%s: exits 2 refused for a missing or empty file', async (kind) => {
    const { bytes } = newFile(10);
    const link = await linkFor(bytes);
    expect((await script(kind, join(work, 'missing.jpg'), link, 30)).code).toBe(2);
    const empty = join(work, 'empty.jpg');
    writeFileSync(empty, '');
    expect((await script(kind, empty, link, 30)).code).toBe(2);
  });
});

/** An ISO file's first bytes: box size, "ftyp", its major brand, then filler. */
const isoFile = (brand: string, size: number) =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from(`ftyp${brand}`), Buffer.alloc(size - 12, 1)]);
const RANDOM = Buffer.concat([
  Buffer.from([0x3f, 0x9a, 0x00, 0x11, 0xc2, 0x7e, 0x51, 0x0b]),
  Buffer.alloc(3992, 0x5a),
]);

/** Files whose first bytes are not what their names say, and the words every uploader refuses them with. */
const MISMATCHES: Array<[string, Buffer, string]> = [
  [
    'random.mp4',
    RANDOM,
    'random.mp4 is not an MP4, MOV or WebM video: its first bytes are 3f 9a 00 11 c2 7e 51 0b.',
  ],
  ['shot.jpg', pngBytes(3000), 'shot.jpg is a PNG image, not a JPEG image: rename it shot.png.'],
  ['Clip.MOV', isoFile('isom', 3000), 'Clip.MOV is an MP4 video, not a MOV video: rename it Clip.mp4.'],
  [
    'phone.jpg',
    isoFile('heic', 3000),
    'phone.jpg is not a JPEG, PNG or WebP image: its first bytes are 00 00 00 18 66 74 79 70.',
  ],
];

describe('uploaders refuse a file that is not what its name says, before sending anything', () => {
  it.each(
    MISMATCHES.flatMap(([name, bytes, words]) =>
      (['sh', 'mjs'] as const).map((kind) => [kind, name, bytes, words] as const),
    ),
  )('%s: %s', async (kind, name, given, words) => {
    // Each run its own bytes (a key's second link for the same file is the first one) and its
    // link cancelled after (10 open uploads per account).
    const bytes = Buffer.concat([given, Buffer.from(kind)]);
    const path = join(mkdtempSync(join(work, 'mismatch-')), name);
    writeFileSync(path, bytes);
    const link = await linkFor(bytes, { file_name: name });
    const result = await script(kind, path, link, 30);
    expect(result.code).toBe(2);
    expect(result.last).toMatchObject({ state: 'refused', exit_code: 2, bytes_sent: 0, message: words });
    expect(await headOffset(link)).toBe('0');
    expect((await api('DELETE', `/api/v2/media/uploads/${link.file_id}`)).status).toBe(200);
  });

  it('uses the words of core, which the CLI, the SDK and the server use, where core says the same', () => {
    expect(contentMismatch('random.mp4', RANDOM)).toBe(MISMATCHES[0]?.[2]);
    expect(contentMismatch('shot.jpg', pngBytes(3000))).toBe(MISMATCHES[1]?.[2]);
    expect(contentMismatch('Clip.MOV', isoFile('isom', 3000))).toBe(MISMATCHES[2]?.[2]);
  });

  it.each(['sh', 'mjs'] as const)('%s: sends a PNG named .png whole', async (kind) => {
    const bytes = Buffer.concat([pngBytes(5000), Buffer.from(kind)]);
    const path = join(mkdtempSync(join(work, 'png-')), 'fine.png');
    writeFileSync(path, bytes);
    const link = await linkFor(bytes, { file_name: 'fine.png' });
    const result = await script(kind, path, link, 30);
    expect([result.code, result.last.state]).toEqual([0, 'done']);
  });

  it('uploader.ps1 checks the same first bytes before it loads its HTTP client (read without PowerShell)', () => {
    const text = readFileSync(join(ASSETS, 'uploader.ps1'), 'utf8');
    const table = [...text.matchAll(/@\('(\w+)', '([^']+)'\)/g)].map(
      ([, type, pattern]) => [type, new RegExp(pattern ?? '')] as const,
    );
    expect(table.map(([type]) => type)).toEqual(['jpeg', 'png', 'webp', 'webm', 'mov', 'none', 'mp4', 'mov']);
    // The script's own table, applied as its foreach applies it, names each file's type.
    const typeOf = (bytes: Buffer) =>
      table.find(([, pattern]) => pattern.test(bytes.subarray(0, 16).toString('hex')))?.[0] ?? 'none';
    expect(MISMATCHES.map(([, bytes]) => typeOf(bytes))).toEqual(['none', 'png', 'mp4', 'none']);
    expect(typeOf(jpegBytes(100))).toBe('jpeg');
    for (const phrase of [
      "'{0} is not {1}: its first bytes are {2}.'",
      "'{0} is {1}, not {2}: rename it {3}.{4}.'",
      "image = 'a JPEG, PNG or WebP image'; video = 'an MP4, MOV or WebM video'",
      'if ($null -ne $mismatch) { Finish 2 $mismatch }',
    ]) {
      expect(text).toContain(phrase);
    }
    // Refused before anything is sent: the check comes before the HTTP client exists.
    expect(text.indexOf('Finish 2 $mismatch')).toBeLessThan(
      text.indexOf('Add-Type -AssemblyName System.Net.Http'),
    );
    expect(text.indexOf('Finish 2 $mismatch')).toBeGreaterThan(text.indexOf("Finish 2 'the file is empty'"));
  });
});
