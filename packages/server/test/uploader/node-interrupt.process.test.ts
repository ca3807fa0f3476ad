import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { UploadLink } from '@socialpub/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { commandCheck } from '../../src/domain/uploads/uploader-command.js';
import { ADMIN_TOKEN } from '../helpers/test-app.js';
import { jpegBytes, sha256Of } from '../helpers/uploads.js';
import { startUploaderServer, type UploaderServer } from './uploader-server.js';

// The served Node uploader (uploader.mjs) when the storage cuts the connection in the middle of a
// PATCH: the same run HEADs, sends the rest from the stored offset, and complete finds the file whole.

const SCRIPT = fileURLToPath(new URL('../../assets/uploader/v1/uploader.mjs', import.meta.url));
const PIECE = 256 * 1024;
let t: UploaderServer;
let files = 0;

beforeAll(async () => {
  t = await startUploaderServer('interrupt', 'socialpub-uploader-interrupt-');
});
afterAll(() => t.close());
afterEach(async () => {
  const armed = (await admin('GET', '/faults')) as { data: { fault_id: string }[] };
  for (const fault of armed.data) await admin('DELETE', `/faults/${fault.fault_id}`);
});

async function admin(method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${t.server.url}/admin/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return res.json();
}

async function api(method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${t.server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${t.apiKey}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

function runUploader(
  path: string,
  link: UploadLink,
): Promise<{ code: number | null; last: Record<string, unknown> }> {
  const maxRun = 60;
  const args = [SCRIPT, path, link.upload.url, '-', link.sha256, String(maxRun)];
  args.push(commandCheck(link.upload.url, link.upload.token, link.sha256, maxRun));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: {
        ...process.env,
        SOCIALPUB_UPLOAD_TOKEN: link.upload.token,
        SOCIALPUB_UPLOADER_CHUNK_BYTES: String(PIECE),
      },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let stdout = '';
    child.stdout.on('data', (piece: Buffer) => {
      stdout += piece.toString();
    });
    child.once('error', reject);
    child.once('close', (code) => {
      resolve({
        code,
        last: JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>,
      });
    });
  });
}

describe('served Node uploader, connection cut in the middle of a piece', () => {
  it.each([
    ['before the storage reads the body', 'before'],
    ['after the storage stored the piece', 'after'],
  ])(
    '%s: the same run continues from the stored offset and the file completes whole',
    { timeout: 60_000 },
    async (_name, when) => {
      const bytes = jpegBytes(PIECE * 3 + 777);
      const path = join(t.work, `cut-${files++}.jpg`);
      writeFileSync(path, bytes);
      const created = await api('POST', '/api/v2/media/uploads', {
        file_name: `cut-${files}.jpg`,
        size_bytes: bytes.byteLength,
        sha256: sha256Of(bytes),
      });
      expect(created.status).toBe(201);
      const link = (await created.json()) as UploadLink;
      const armed = (await admin('POST', '/faults', {
        match: { method: 'PATCH', path: '/storage/uploads/' },
        answer: 'drop',
        when,
        times: 1,
      })) as { fault_id?: string };
      expect(armed.fault_id).toBeDefined();

      const run = await runUploader(path, link);
      expect(run.code, JSON.stringify(run.last)).toBe(0);
      expect(run.last).toMatchObject({ state: 'done', offset: bytes.byteLength, size: bytes.byteLength });
      expect(((await admin('GET', '/faults')) as { data: unknown[] }).data).toHaveLength(0);
      const complete = await api('POST', `/api/v2/media/uploads/${link.file_id}/complete`);
      expect(complete.status).toBe(200);
      expect(((await complete.json()) as { status: string }).status).toBe('ready');
    },
  );
});
