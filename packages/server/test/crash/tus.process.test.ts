import type { ChildProcess } from 'node:child_process';
import { statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { UploadLink } from '@socialpub/core';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, serverListening, spawnServerProcess } from '../helpers/test-app.js';
import { announce, jpegBytes, sha256Of, tusHeaders } from '../helpers/uploads.js';

const MiB = 1024 * 1024;
const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** The server in its own process, so it can be killed with SIGKILL in the middle of a PATCH. */
function spawnServer(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawnServerProcess(dataDir, { SOCIALPUB_CLOCK: 'system' });
  children.push(child);
  return serverListening(child);
}

async function waitFor(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (check()) return;
    await sleep(25);
  }
  throw new Error(`timed out waiting for ${what}`);
}

const sizeOf = (path: string): number => {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
};

describe('an upload whose server is killed in the middle of a PATCH', () => {
  it('resumes after the restart from the stored offset and completes with the right SHA-256', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'socialpub-tus-crash-'));
    dirs.push(dataDir);
    const first = await spawnServer(dataDir);
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };
    const account = (await (
      await fetch(`${first.url}/admin/v1/accounts`, { method: 'POST', headers: admin, body: '{}' })
    ).json()) as { account_id: string };
    const { api_key } = (await (
      await fetch(`${first.url}/admin/v1/accounts/${account.account_id}/keys`, {
        method: 'POST',
        headers: admin,
        body: '{"name":"k"}',
      })
    ).json()) as { api_key: string };
    const auth = { authorization: `Bearer ${api_key}`, 'content-type': 'application/json' };
    const bytes = jpegBytes(6 * MiB + 4321);
    const made = await fetch(`${first.url}/api/v2/media/uploads`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify(announce(bytes)),
    });
    expect(made.status).toBe(201);
    const link = (await made.json()) as UploadLink;
    const path = new URL(link.upload.url).pathname;
    const partFile = join(dataDir, 'media', 'uploads', `${link.file_id}.part`);

    // A first whole PATCH stores the offset 1 MiB.
    const stored = MiB;
    const head = await fetch(`${first.url}${path}`, {
      method: 'PATCH',
      headers: tusHeaders(link, 0),
      body: new Uint8Array(bytes.subarray(0, stored)),
    });
    expect(head.status).toBe(204);

    // A second PATCH sends wrong bytes (zeros) and the server dies after writing some of them: the
    // bytes past the stored offset must be cut back and never reach the hash.
    const patch = httpRequest(`${first.url}${path}`, {
      method: 'PATCH',
      headers: { ...tusHeaders(link, stored), 'content-length': String(bytes.byteLength - stored) },
    });
    patch.on('error', () => {});
    patch.write(Buffer.alloc(3 * MiB));
    await waitFor(() => sizeOf(partFile) >= stored + 2 * MiB, 'the killed PATCH to reach the disk');
    const exited = new Promise((done) => first.child.once('exit', done));
    first.child.kill('SIGKILL');
    await exited;
    patch.destroy();
    expect(sizeOf(partFile)).toBeGreaterThan(stored);

    const second = await spawnServer(dataDir);
    const resumed = await fetch(`${second.url}${path}`, { method: 'HEAD', headers: tusHeaders(link) });
    expect(resumed.status).toBe(200);
    const offset = Number(resumed.headers.get('upload-offset'));
    expect(offset).toBe(stored);
    const rest = await fetch(`${second.url}${path}`, {
      method: 'PATCH',
      headers: tusHeaders(link, offset),
      body: new Uint8Array(bytes.subarray(offset)),
    });
    expect(rest.status).toBe(204);
    expect(rest.headers.get('upload-offset')).toBe(String(bytes.byteLength));
    const done = await fetch(`${second.url}/api/v2/media/uploads/${link.file_id}/complete`, {
      method: 'POST',
      headers: auth,
    });
    expect(await done.json()).toMatchObject({
      status: 'ready',
      sha256: sha256Of(bytes),
      size: bytes.byteLength,
    });
  });
});
