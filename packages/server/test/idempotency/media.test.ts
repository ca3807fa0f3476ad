import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountWithProfile, type Fixture, type TestApp, testApp } from '../helpers/test-app.js';
import { newKey } from './idempotency-helpers.js';

/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Idempotency on the real POST /api/v2/media and POST /legacy/media handlers. */
let t: TestApp;
let f: Fixture;
let host: Server;
let fileUrl: string;
let downloads = 0;
beforeEach(async () => {
  downloads = 0;
  host = createServer((req, res) => {
    if (req.method === 'GET') downloads += 1;
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': PNG.length });
    res.end(req.method === 'HEAD' ? undefined : PNG);
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  fileUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}/photo.png`;
  t = await testApp({ importAllow: ['127.0.0.1'] });
  f = await accountWithProfile(t);
});
afterEach(async () => {
  await t.close();
  await new Promise((resolve) => host.close(resolve));
});

function importFile(key: string, path = '/api/v2/media', url = fileUrl): Promise<Response> {
  return t.api('POST', path, f.apiKey, {
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify({ url }),
  });
}

describe('idempotency on the real media import addresses', () => {
  it('replays an import byte for byte on both addresses, imports once and takes no 20-second wait', async () => {
    const key = newKey();
    const first = await importFile(key);
    const firstText = await first.text();
    expect(first.status, firstText).toBe(200);
    const fetchedBefore = downloads;
    expect(fetchedBefore).toBeGreaterThan(0);
    const replay = await importFile(key, '/legacy/media');
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.text()).toBe(firstText);
    expect(downloads).toBe(fetchedBefore);
    // A new key is a new import, and it has to wait.
    expect((await importFile(newKey())).status).toBe(429);
  });

  it('answers 422 in the media shape for the key with another URL', async () => {
    const key = newKey();
    await importFile(key);
    const res = await importFile(key, '/api/v2/media', `${fileUrl}?other`);
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({
      code: 'idempotency_key_reused',
      first_used_at: expect.any(String),
    });
  });

  it('keeps the media entry apart from a post with the same key', async () => {
    const key = newKey();
    await importFile(key);
    const post = await t.api('POST', '/api/v2/posts', f.apiKey, {
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({ post: { accountId: f.profileId, platform: 'x', content: { text: 'hi' } } }),
    });
    expect(post.headers.get('idempotent-replayed')).toBeNull();
    expect(await post.text()).not.toContain('idempotency_key_reused');
  });
});
