import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UploadLink } from '@socialpub/core';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp, type SocialpubApp } from '../../src/app.js';
import { ADMIN_TOKEN, CLOCK_START } from '../helpers/test-app.js';
import { announce, holdRereads, jpegBytes, sha256Of, tusHeaders } from '../helpers/uploads.js';

const dirs: string[] = [];
const apps: SocialpubApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function open(dataDir: string): Promise<SocialpubApp> {
  const app = await createApp({
    dataDir,
    adminToken: ADMIN_TOKEN,
    clock: 'virtual',
    clockStart: CLOCK_START,
  });
  apps.push(app);
  return app;
}

function request(
  app: SocialpubApp,
  method: string,
  path: string,
  init: { headers?: Record<string, string>; body?: BodyInit } = {},
) {
  return Promise.resolve(app.app.request(path, { method, ...init }));
}

/** A fresh data dir opened once, with one account and one API key: the first app and the key's headers. */
async function firstRun(): Promise<{ dataDir: string; first: SocialpubApp; auth: Record<string, string> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'socialpub-uploads-'));
  dirs.push(dataDir);
  const admin = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };
  const first = await open(dataDir);
  const { account_id } = (await (
    await request(first, 'POST', '/admin/v1/accounts', { headers: admin, body: '{}' })
  ).json()) as {
    account_id: string;
  };
  const { api_key } = (await (
    await request(first, 'POST', `/admin/v1/accounts/${account_id}/keys`, {
      headers: admin,
      body: '{"name":"k"}',
    })
  ).json()) as { api_key: string };
  return { dataDir, first, auth: { authorization: `Bearer ${api_key}`, 'content-type': 'application/json' } };
}

describe('an upload across a restart', () => {
  it('resumes from the stored offset and completes with the right SHA-256', async () => {
    const { dataDir, first, auth } = await firstRun();
    const bytes = jpegBytes(3 * 1024 * 1024 + 17);
    const made = await request(first, 'POST', '/api/v2/media/uploads', {
      headers: auth,
      body: JSON.stringify(announce(bytes)),
    });
    expect(made.status).toBe(201);
    const link = (await made.json()) as UploadLink;
    const path = new URL(link.upload.url).pathname;
    const half = 1_500_000;
    expect(
      (
        await request(first, 'PATCH', path, {
          headers: tusHeaders(link, 0),
          body: new Uint8Array(bytes.subarray(0, half)),
        })
      ).status,
    ).toBe(204);
    await first.close();

    const second = await open(dataDir);
    const headRes = await request(second, 'HEAD', path, { headers: tusHeaders(link) });
    expect(headRes.status).toBe(200);
    expect(headRes.headers.get('upload-offset')).toBe(String(half));
    const rest = await request(second, 'PATCH', path, {
      headers: tusHeaders(link, half),
      body: new Uint8Array(bytes.subarray(half)),
    });
    expect(rest.status).toBe(204);
    expect(rest.headers.get('upload-offset')).toBe(String(bytes.byteLength));
    const done = await request(second, 'POST', `/api/v2/media/uploads/${link.file_id}/complete`, {
      headers: auth,
    });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({
      status: 'ready',
      sha256: sha256Of(bytes),
      size: bytes.byteLength,
    });
  });

  it('checks a whole file received before the restart with a 202 verifying, then ready', async () => {
    const { dataDir, first, auth } = await firstRun();
    const bytes = jpegBytes(400_000);
    const link = (await (
      await request(first, 'POST', '/api/v2/media/uploads', {
        headers: auth,
        body: JSON.stringify(announce(bytes)),
      })
    ).json()) as UploadLink;
    const path = new URL(link.upload.url).pathname;
    expect(
      (await request(first, 'PATCH', path, { headers: tusHeaders(link, 0), body: new Uint8Array(bytes) }))
        .status,
    ).toBe(204);
    await first.close();

    const second = await open(dataDir);
    const uploadLinks = second.services.uploadLinks;
    if (!uploadLinks) throw new Error('the upload links service is not running');
    const reread = holdRereads(uploadLinks);
    uploadLinks.verifyWaitMs = 0;
    const checking = await request(second, 'POST', `/api/v2/media/uploads/${link.file_id}/complete`, {
      headers: auth,
    });
    expect(checking.status).toBe(202);
    expect(checking.headers.get('retry-after')).toBe('15');
    reread.release();
    uploadLinks.verifyWaitMs = 5_000;
    const done = await request(second, 'POST', `/api/v2/media/uploads/${link.file_id}/complete`, {
      headers: auth,
    });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ status: 'ready', sha256: sha256Of(bytes) });
  });
});
