import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseJson, startTestServer, type TestServer } from './cli-harness.js';

let t: TestServer;
let file: string;

beforeAll(async () => {
  t = await startTestServer();
  const dir = join(t.configDir, 'files');
  await mkdir(dir, { recursive: true });
  file = join(dir, 'clip.jpg');
  const body = Buffer.alloc(3000, 9);
  body.set([0xff, 0xd8, 0xff, 0xe0]);
  await writeFile(file, body);
});
afterAll(() => t.close());

interface LinkBody {
  file_id: string;
  renewed: boolean;
  upload: { url: string; token: string };
  uploader?: { command: string };
}

describe('media link', () => {
  let fileId = '';

  it('creates a link for a measured file, with the uploader command for --shell', async () => {
    const result = await t.cli(['media', 'link', 'create', file, '--shell', 'sh', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const body = parseJson<LinkBody>(result);
    expect(body.upload.url).toContain(body.file_id);
    expect(body.uploader?.command).toBeTruthy();
    fileId = body.file_id;
  });

  it('answers the same open link again (renewed) and prints it without the token', async () => {
    const result = await t.cli(['media', 'link', 'create', file]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(fileId);
    const token = parseJson<LinkBody>(await t.cli(['media', 'link', 'token', fileId, '--json'])).upload.token;
    const readable = await t.cli(['media', 'link', 'token', fileId]);
    expect(readable.stdout).not.toContain(token);
  });

  it('exits 6 for complete before the bytes arrived (409 upload_incomplete)', async () => {
    const result = await t.cli(['media', 'link', 'complete', fileId]);
    expect(result.code).toBe(6);
    expect(result.stderr).toContain('upload_incomplete');
  });

  it('cancels the link, after which complete exits 6 or 2 naming the refusal', async () => {
    const cancelled = await t.cli(['media', 'link', 'cancel', fileId, '--json']);
    expect(cancelled.code).toBe(0);
    expect(parseJson<{ status: string }>(cancelled).status).toBe('cancelled');
    const after = await t.cli(['media', 'link', 'complete', fileId]);
    expect([2, 6]).toContain(after.code);
    expect(after.stderr).toMatch(/upload_closed|upload_expired/);
  });

  it('exits 2 for a file type the service does not accept (415)', async () => {
    const result = await t.cli([
      'media',
      'link',
      'create',
      '--name',
      'anim.gif',
      '--size',
      '10',
      '--sha256',
      'a'.repeat(64),
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('unsupported_media_type');
  });

  it('exits 2 without FILE or the three measurements', async () => {
    const result = await t.cli(['media', 'link', 'create', '--name', 'a.jpg']);
    expect(result.code).toBe(2);
  });

  it('exits 3 for a Free account (403 plan_limit_reached)', async () => {
    const account = (await t.admin('POST', '/accounts', { plan: 'free' })).body as { account_id: string };
    const key = (await t.admin('POST', `/accounts/${account.account_id}/keys`, { name: 'free' })).body as {
      api_key: string;
    };
    const result = await t.cli(['media', 'link', 'create', file], {
      env: { SOCIALPUB_API_KEY: key.api_key },
    });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('plan_limit_reached');
  });
});
