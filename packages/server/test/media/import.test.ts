import { createHash } from 'node:crypto';
import { LIMITS } from '@socialpub/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type FileServer,
  type Fixture as MediaFixture,
  standardFixtures,
  startFileServer,
} from '../helpers/media-import-server.js';
import {
  accountWithProfile,
  type Fixture,
  ROOMY_IMPORT_WINDOWS,
  type TestApp,
  testApp,
} from '../helpers/test-app.js';

let files: FileServer;
let fixtures: Awaited<ReturnType<typeof standardFixtures>>;
let t: TestApp;
let account: Fixture;

beforeAll(async () => {
  fixtures = await standardFixtures();
  files = await startFileServer(fixtures);
});
afterAll(async () => {
  await files.close();
});

/** The tests about the import's real-time windows use short ones; the others use roomy ones. */
const ROOMY_WINDOWS = ROOMY_IMPORT_WINDOWS;
const SHORT_WINDOWS = { checkTimeoutMs: 400, requestWaitMs: 250 };

async function useApp(media: typeof ROOMY_WINDOWS): Promise<void> {
  await t?.close();
  t = await testApp({ importAllow: ['127.0.0.1'], media });
  account = await accountWithProfile(t, {});
}

beforeEach(async () => {
  await useApp(ROOMY_WINDOWS);
  return () => t.close();
});

async function importUrl(url: unknown, key = account.apiKey, path = '/api/v2/media') {
  const res = await t.api('POST', path, key, {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url }),
  });
  return { res, body: (await res.json()) as Record<string, unknown> };
}

async function status(fileId: string) {
  const res = await t.api('GET', `/api/v2/media?file_id=${fileId}`, account.apiKey);
  return { res, body: (await res.json()) as Record<string, unknown> };
}

const advance = (seconds: number) => t.admin('POST', '/clock', { advance_seconds: seconds });

describe('POST /api/v2/media imports accepted files', () => {
  it.each([
    ['/photo.jpg', 'image/jpeg'],
    ['/image.png', 'image/png'],
    ['/clip.mp4', 'video/mp4'],
    ['/no-type', 'image/jpeg'],
    ['/generic', 'image/jpeg'],
  ])('answers 200 ready for %s as %s', async (path, type) => {
    const { res, body } = await importUrl(`${files.origin}${path}`);
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ success: true, status: 'ready', type });
    const fixture = fixtures[path];
    expect(body['size']).toBe(fixture?.body.byteLength);
    expect(body).not.toHaveProperty('public_url');
    const row = t.services.repos.mediaImports.get(String(body['file_id']));
    expect(row?.sha256).toBe(
      createHash('sha256')
        .update(fixture?.body ?? new Uint8Array())
        .digest('hex'),
    );
    expect(row?.source).toBe('url_import');
  });

  it('reads the first 4 KB only when the type is generic, 1 byte otherwise', async () => {
    files.seen.length = 0;
    await importUrl(`${files.origin}/photo.jpg`);
    await advance(21);
    await importUrl(`${files.origin}/generic`);
    const ranges = files.seen.filter((r) => r.range).map((r) => `${r.url} ${r.range}`);
    expect(ranges).toEqual(['/photo.jpg bytes=0-0', '/generic bytes=0-4095']);
    expect(files.seen.filter((r) => r.method === 'HEAD')).toHaveLength(2);
  });

  it('names the file from Content-Disposition, else from the URL path', async () => {
    const named = await importUrl(`${files.origin}/named`);
    await advance(21);
    const plain = await importUrl(`${files.origin}/photo.jpg?x=1`);
    const list = await t.api('GET', '/api/v2/media/files', account.apiKey);
    const names = ((await list.json()) as { data: { file_id: string; file_name: string }[] }).data;
    expect(names.find((f) => f.file_id === named.body['file_id'])?.file_name).toBe('Holiday Photo.jpg');
    expect(names.find((f) => f.file_id === plain.body['file_id'])?.file_name).toBe('photo.jpg');
  });

  it('accepts the same request at the older media address', async () => {
    const { res, body } = await importUrl(`${files.origin}/photo.jpg`, account.apiKey, '/legacy/media');
    expect(res.status).toBe(200);
    expect(body['status']).toBe('ready');
    const get = await t.api('GET', '/legacy/media', account.apiKey);
    expect(get.status).toBe(405);
  });

  it('follows redirects to an allowed address', async () => {
    const { res, body } = await importUrl(`${files.origin}/redirect?hops=3&to=/photo.jpg`);
    expect(res.status).toBe(200);
    expect(body['type']).toBe('image/jpeg');
  });

  it('refuses more than five redirects with 400 download_failed', async () => {
    const { res, body } = await importUrl(`${files.origin}/redirect?hops=7&to=/photo.jpg`);
    expect(res.status).toBe(400);
    expect(body['code']).toBe('download_failed');
  });
});

describe('POST /api/v2/media refusals', () => {
  it.each([
    ['/page.html', 'web page'],
    ['/page-generic', 'web page'],
    ['/anim.gif', 'image/gif'],
    ['/sniffed-gif', 'GIF'],
    ['/photo.heic', 'HEIC'],
    ['/logo.svg', 'image/svg+xml'],
    ['/clip.avi', 'video/x-msvideo'],
    ['/unknown-bytes', 'unrecognised'],
  ])('answers 415 unsupported_type for %s and imports nothing', async (path, named) => {
    const before = t.services.db.prepare('SELECT COUNT(*) AS n FROM media_files').get() as { n: number };
    const { res, body } = await importUrl(`${files.origin}${path}`);
    expect(res.status).toBe(415);
    expect(body['code']).toBe('unsupported_type');
    expect(String(body['error'])).toContain(named);
    const after = t.services.db.prepare('SELECT COUNT(*) AS n FROM media_files').get() as { n: number };
    expect(after.n).toBe(before.n);
  });

  it('answers 415 when the first bytes contradict the announced type', async () => {
    const { res, body } = await importUrl(`${files.origin}/lying-type.jpg`);
    expect(res.status).toBe(415);
    expect(String(body['error'])).toContain('HTML');
  });

  it('answers 413 file_too_large with the declared size for an image over 20 MB', async () => {
    const { res, body } = await importUrl(`${files.origin}/too-large.jpg`);
    expect(res.status).toBe(413);
    expect(body).toMatchObject({ code: 'file_too_large', size: 25 * 1024 * 1024 });
    expect(typeof body['error']).toBe('string');
  });

  it('answers 500 import_failed when the source sends another size than it declared', async () => {
    const { res, body } = await importUrl(`${files.origin}/lying-length.jpg`);
    expect(res.status).toBe(500);
    expect(body['code']).toBe('import_failed');
    expect(String(body['error'])).toMatch(/bytes/);
  });

  it('answers 400 download_failed when the source does not answer in time', async () => {
    await useApp(SHORT_WINDOWS);
    const started = Date.now();
    const { res, body } = await importUrl(`${files.origin}/slow.jpg`);
    expect(res.status).toBe(400);
    expect(body['code']).toBe('download_failed');
    // Within the app's short window, not the default one.
    expect(Date.now() - started).toBeLessThan(LIMITS.mediaImport.checkRequestTimeoutSeconds * 1000);
  });

  it('answers 400 download_failed when the source answers 404', async () => {
    const { res, body } = await importUrl(`${files.origin}/missing.jpg`);
    expect(res.status).toBe(400);
    expect(body['code']).toBe('download_failed');
  });

  it.each([[undefined], [''], ['ftp://example.com/a.jpg'], ['not a url'], [42]])(
    'answers 400 invalid_url for url %j',
    async (url) => {
      const { res, body } = await importUrl(url);
      expect(res.status).toBe(400);
      expect(body['code']).toBe('invalid_url');
    },
  );

  it('answers 400 invalid_json for a body that is not JSON', async () => {
    const res = await t.api('POST', '/api/v2/media', account.apiKey, {
      headers: { 'content-type': 'application/json' },
      body: '{"url": ',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'invalid_json' });
  });

  it('answers 401 without a key', async () => {
    const { res } = await importUrl(`${files.origin}/photo.jpg`, '');
    expect(res.status).toBe(401);
  });
});

describe('20 seconds between imports', () => {
  it('answers 429 rate_limited with retry_after_seconds beside error until 20 seconds passed', async () => {
    expect((await importUrl(`${files.origin}/photo.jpg`)).res.status).toBe(200);
    const soon = await importUrl(`${files.origin}/photo.jpg`);
    expect(soon.res.status).toBe(429);
    expect(soon.body).toMatchObject({ code: 'rate_limited', retry_after_seconds: 20 });
    expect(typeof soon.body['error']).toBe('string');
    expect(soon.res.headers.get('retry-after')).toBe('20');
    await advance(15);
    const later = await importUrl(`${files.origin}/photo.jpg`);
    expect(later.body['retry_after_seconds']).toBe(5);
    await advance(5);
    expect((await importUrl(`${files.origin}/photo.jpg`)).res.status).toBe(200);
  });

  it('replays the first answer for the same Idempotency-Key without the 20-second wait', async () => {
    const send = () =>
      t.api('POST', '/api/v2/media', account.apiKey, {
        headers: { 'content-type': 'application/json', 'idempotency-key': 'import-1' },
        body: JSON.stringify({ url: `${files.origin}/photo.jpg` }),
      });
    const first = await send();
    expect(first.status).toBe(200);
    const again = await send();
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
  });

  it('does not start the wait when the import was refused', async () => {
    expect((await importUrl(`${files.origin}/page.html`)).res.status).toBe(415);
    expect((await importUrl(`${files.origin}/photo.jpg`)).res.status).toBe(200);
  });

  it('never throttles status requests', async () => {
    const { body } = await importUrl(`${files.origin}/photo.jpg`);
    for (let i = 0; i < 5; i++) expect((await status(String(body['file_id']))).res.status).toBe(200);
  });
});

describe('background imports and GET /api/v2/media', () => {
  it('answers 202 processing for a slow large file, shows progress, then ready with public_url', async () => {
    // A short wait for the answer; the source's pauses are the test's, so no idle timer can fire.
    await useApp({ ...ROOMY_WINDOWS, requestWaitMs: 250 });
    let finish = () => {};
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    fixtures['/held/large.mp4'] = {
      ...(fixtures['/large.mp4'] as MediaFixture),
      lastPieceAfter: () => finished,
    };
    const { res, body } = await importUrl(`${files.origin}/held/large.mp4`);
    expect(res.status).toBe(202);
    expect(body).toMatchObject({ success: true, status: 'processing', type: 'video/mp4', size: 1024 * 1024 });
    expect(typeof body['message']).toBe('string');
    const fileId = String(body['file_id']);
    const during = await status(fileId);
    expect(during.body).toMatchObject({ success: false, status: 'processing', size: 1024 * 1024 });
    expect(during.body['progress']).toBeGreaterThanOrEqual(0);
    expect(during.body['progress']).toBeLessThan(100);
    expect(typeof during.body['bytes_uploaded']).toBe('number');
    expect(during.body).not.toHaveProperty('public_url');
    finish();
    await t.services.media.importer.settled(fileId);
    const after = await status(fileId);
    expect(after.body).toMatchObject({
      success: true,
      status: 'ready',
      progress: 100,
      bytes_uploaded: 1024 * 1024,
    });
    expect(String(after.body['public_url'])).toMatch(new RegExp(`/files/${fileId}/large\\.mp4$`));
    expect(after.res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('marks the file failed with error when the source breaks off after the answer', async () => {
    await useApp(SHORT_WINDOWS);
    const { res, body } = await importUrl(`${files.origin}/broken.mp4`);
    expect(res.status).toBe(202);
    const fileId = String(body['file_id']);
    await t.services.media.importer.settled(fileId);
    const after = await status(fileId);
    expect(after.body).toMatchObject({ success: false, status: 'failed' });
    expect(String(after.body['error'])).toMatch(/broke off|stopped sending/);
  });

  it('answers 500 import_failed when the source breaks off within the wait', async () => {
    const { res, body } = await importUrl(`${files.origin}/broken-fast.mp4`);
    expect(res.status).toBe(500);
    expect(body['code']).toBe('import_failed');
  });

  it.each([
    ['missing', ''],
    ['not a uuid', 'file_id=abc'],
  ])('answers 400 invalid_file_id when file_id is %s', async (_name, query) => {
    const res = await t.api('GET', `/api/v2/media?${query}`, account.apiKey);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'invalid_file_id' });
  });

  it("answers 404 media_not_found for another account's file", async () => {
    const { body } = await importUrl(`${files.origin}/photo.jpg`);
    const other = await accountWithProfile(t, {});
    const res = await t.api('GET', `/api/v2/media?file_id=${body['file_id']}`, other.apiKey);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'media_not_found' });
  });
});
