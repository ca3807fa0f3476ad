import * as nodeFs from 'node:fs';
import type { UploadLink } from '@socialpub/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type MediaFs, NODE_MEDIA_FS } from '../../src/files/media-folder.js';
import { DashboardBrowser } from '../dashboard/dashboard-helpers.js';
import { type FileServer, standardFixtures, startFileServer } from '../helpers/media-import-server.js';
import { sendPost } from '../helpers/publishing.js';
import { accountWithProfile, type Fixture, type TestApp, tableCounts, testApp } from '../helpers/test-app.js';
import { announce, complete, createLink, head, jpegBytes, patch } from '../helpers/uploads.js';

/**
 * Issue 13 item 8: when the media folder cannot be written (disk full, permissions), uploads,
 * imports and dashboard uploads answer the documented 5xx of their address with a message naming
 * the cause, keep what had arrived, and everything else keeps answering; once the folder is
 * writable the upload resumes. The fault is injected in the media folder's fs layer (root ignores
 * permissions, so a read-only directory would not stop the writes).
 */
function enospc(): NodeJS.ErrnoException {
  return Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28 });
}

let fault: string | null = null;
const failure = () => {
  const error = fault === 'ENOSPC' ? enospc() : Object.assign(new Error(`${fault}: fault`), { code: fault });
  return error;
};
const faultyFs: MediaFs = {
  ...NODE_MEDIA_FS,
  createWriteStream: ((path: nodeFs.PathLike, options?: Parameters<typeof nodeFs.createWriteStream>[1]) => {
    const stream = nodeFs.createWriteStream(path, options);
    const write = stream._write.bind(stream);
    const writev = stream._writev?.bind(stream);
    stream._write = (chunk, encoding, callback) =>
      fault ? callback(failure()) : write(chunk, encoding, callback);
    if (writev)
      stream._writev = (chunks, callback) => (fault ? callback(failure()) : writev(chunks, callback));
    return stream;
  }) as MediaFs['createWriteStream'],
  writeFileSync: ((...args: Parameters<typeof nodeFs.writeFileSync>) => {
    if (fault) throw failure();
    return nodeFs.writeFileSync(...args);
  }) as MediaFs['writeFileSync'],
  open: (async (...args: Parameters<MediaFs['open']>) => {
    if (fault) throw failure();
    return NODE_MEDIA_FS.open(...args);
  }) as MediaFs['open'],
};

let files: FileServer;
let t: TestApp;
let f: Fixture;

beforeAll(async () => {
  files = await startFileServer(await standardFixtures(), '127.0.0.1');
});
afterAll(() => files.close());
beforeEach(async () => {
  fault = null;
  t = await testApp({
    mediaFs: faultyFs,
    importAllow: ['127.0.0.1'],
    media: { checkTimeoutMs: 2_000, requestWaitMs: 2_000 },
  });
  f = await accountWithProfile(t, { x: {} }, { plan: 'skilled', x_addon: true });
  return () => {
    fault = null;
    return t.close();
  };
});

async function everythingElseAnswers(): Promise<void> {
  expect((await t.api('GET', '/api/v2/accounts', f.apiKey)).status).toBe(200);
  const post = await sendPost(t, f.apiKey, {
    post: { accountId: f.profileId, platform: 'x', content: { text: `still up ${Math.random()}` } },
  });
  expect(post.status).toBe(200);
  expect((await t.app.request('/health')).status).toBe(200);
}

describe('the media folder cannot be written', () => {
  it.each(['ENOSPC', 'EACCES', 'EROFS'])(
    'a tus PATCH answers 500 server_error naming the cause (%s), keeps the bytes that arrived, and resumes once writable',
    async (code) => {
      const bytes = jpegBytes(1000);
      const { link } = await createLink(t, f.apiKey, announce(bytes));
      expect((await patch(t, link, 0, bytes.subarray(0, 400))).status).toBe(204);
      fault = code;
      const refused = await patch(t, link, 400, bytes.subarray(400));
      expect(refused.status).toBe(500);
      expect(refused.headers.get('upload-offset')).toBe('400');
      const body = (await refused.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('server_error');
      expect(body.error.message).toContain(`media folder cannot be written`);
      expect(body.error.message).toContain(`(${code})`);
      expect((await head(t, link)).headers.get('upload-offset')).toBe('400');
      await everythingElseAnswers();
      fault = null;
      expect((await head(t, link)).headers.get('upload-offset')).toBe('400');
      const resumed = await patch(t, link, 400, bytes.subarray(400));
      expect(resumed.status).toBe(204);
      expect(resumed.headers.get('upload-offset')).toBe('1000');
      const done = await complete(t, f.apiKey, link.file_id);
      expect(done.status).toBe(200);
      expect(((await done.json()) as { status: string }).status).toBe('ready');
    },
  );

  it('a new upload link answers 500 server_error naming the cause and reserves nothing', async () => {
    fault = 'ENOSPC';
    const before = tableCounts(t);
    const { res } = await createLink(t, f.apiKey, announce(jpegBytes(500)));
    expect(res.status).toBe(500);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('server_error');
    expect(body.error.message).toMatch(/no space left on the device \(ENOSPC\)/);
    // The call itself is counted (60 upload-link calls a minute) and the key's last use noted;
    // nothing else is reserved.
    const ignored = { upload_link_events: 0, api_key_last_used: 0 };
    expect({ ...tableCounts(t), ...ignored }).toEqual({ ...before, ...ignored });
    fault = null;
    const { res: again, link } = await createLink(t, f.apiKey, announce(jpegBytes(500)));
    expect(again.status).toBe(201);
    expect((link as UploadLink).file_id).toBeTruthy();
  });

  it('a URL import answers 500 import_failed naming the cause and keeps no file', async () => {
    fault = 'ENOSPC';
    const res = await t.api('POST', '/api/v2/media', f.apiKey, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${files.origin}/photo.jpg` }),
    });
    const body = (await res.json()) as { error: string };
    expect(res.status).toBe(500);
    expect(body.error).toMatch(/media folder cannot be written: no space left on the device \(ENOSPC\)/);
    expect(t.services.db.prepare('SELECT COUNT(*) AS n FROM media_files').get()).toEqual({ n: 0 });
    await everythingElseAnswers();
  });

  it('a dashboard upload (admin media) answers 500 server_error naming the cause and records nothing', async () => {
    fault = 'EACCES';
    const before = tableCounts(t);
    const res = await t.admin('POST', `/accounts/${f.accountId}/media`, {
      file_name: 'a.jpg',
      content_base64: jpegBytes(300).toString('base64'),
    });
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(res.status).toBe(500);
    expect(body.error.code).toBe('server_error');
    expect(body.error.message).toMatch(/permission denied \(EACCES\)/);
    expect(tableCounts(t)).toEqual(before);
    fault = null;
    const again = await t.admin('POST', `/accounts/${f.accountId}/media`, {
      file_name: 'a.jpg',
      content_base64: jpegBytes(300).toString('base64'),
    });
    expect(again.status).toBe(201);
  });

  it('a dashboard library upload answers 500 with a page naming the cause, and adds nothing', async () => {
    const browser = new DashboardBrowser(t);
    await browser.signUp('disk@example.com');
    await browser.get('/dashboard/media');
    const form = new FormData();
    form.set('_csrf', browser.csrf());
    form.set('file', new File([new Uint8Array(jpegBytes(300))], 'photo.jpg', { type: 'image/jpeg' }));
    fault = 'ENOSPC';
    const mediaRows = () => t.services.db.prepare('SELECT COUNT(*) AS n FROM media_files').get();
    const before = mediaRows();
    const res = await browser.request('POST', '/dashboard/media/upload', { body: form });
    expect(res.status).toBe(500);
    expect(await res.text()).toContain('no space left on the device (ENOSPC)');
    // The library is unchanged (the session's own bookkeeping may move; it is not the upload's).
    expect(mediaRows()).toEqual(before);
    await everythingElseAnswers();
  });
});
