import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { encodeCursor } from '@socialpub/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FileServer, standardFixtures, startFileServer } from '../helpers/media-import-server.js';
import {
  accountWithProfile,
  CLOCK_START,
  type Fixture,
  ROOMY_IMPORT_WINDOWS,
  type TestApp,
  testApp,
} from '../helpers/test-app.js';

let t: TestApp;
let account: Fixture;

interface Page {
  data: { file_id: string; file_name: string; kind: string; uploaded_at: string; expires_at: string }[];
  next_cursor: string | null;
  next_url: string | null;
  now: string;
  warnings?: { code: string; parameter?: string }[];
}

function insertFile(
  name: string,
  uploadedAt: Date,
  extra: {
    kind?: 'image' | 'video';
    confirm?: boolean;
    source?: 'dashboard' | 'upload_link';
    accountId?: string;
  } = {},
): string {
  const fileId = randomUUID();
  const kind = extra.kind ?? 'image';
  t.services.repos.mediaFiles.insert({
    fileId,
    accountId: extra.accountId ?? account.accountId,
    fileName: name,
    type: kind === 'image' ? 'image/jpeg' : 'video/mp4',
    kind,
    size: 100,
    status: 'ready',
    source: extra.source ?? 'dashboard',
    uploadedAt: uploadedAt.toISOString(),
    expiresAt: new Date(uploadedAt.getTime() + 7 * 86_400_000).toISOString(),
    confirmBeforePosting: extra.confirm ?? false,
    error: null,
    sha256: null,
    storagePath: null,
  });
  return fileId;
}

const minutesAgo = (minutes: number) => new Date(CLOCK_START.getTime() - minutes * 60_000);

async function list(query = '', key = account.apiKey) {
  const res = await t.api('GET', `/api/v2/media/files${query}`, key);
  return {
    res,
    body: (await res.json()) as Page & { error?: { code: string; message: string; parameter?: string } },
  };
}

describe('GET /api/v2/media/files', () => {
  beforeEach(async () => {
    t = await testApp();
    account = await accountWithProfile(t, {});
    return () => t.close();
  });

  it('lists newest first with now, no-store and warnings for unknown parameters', async () => {
    const older = insertFile('older.jpg', minutesAgo(10));
    const newer = insertFile('newer.jpg', minutesAgo(5));
    const { res, body } = await list('?colour=red');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(body.data.map((f) => f.file_id)).toEqual([newer, older]);
    expect(body.now).toBe(CLOCK_START.toISOString());
    expect(body.next_cursor).toBeNull();
    expect(body.next_url).toBeNull();
    expect(body.warnings).toEqual([
      expect.objectContaining({ code: 'unknown_parameter', parameter: 'colour' }),
    ]);
  });

  it('filters by every word of name_contains ignoring case and punctuation', async () => {
    const match = insertFile('Summer-Trip_2026.mp4', minutesAgo(3), { kind: 'video' });
    insertFile('winter 2026.jpg', minutesAgo(2));
    const { body } = await list('?name_contains=sum%202026');
    expect(body.data.map((f) => f.file_id)).toEqual([match]);
  });

  it('filters by type', async () => {
    const video = insertFile('a.mp4', minutesAgo(3), { kind: 'video' });
    insertFile('b.jpg', minutesAgo(2));
    const { body } = await list('?type=video');
    expect(body.data.map((f) => f.file_id)).toEqual([video]);
  });

  it('reads since 2 minutes earlier than asked', async () => {
    insertFile('old.jpg', minutesAgo(30));
    const inOverlap = insertFile('overlap.jpg', minutesAgo(11));
    const after = insertFile('after.jpg', minutesAgo(5));
    const since = minutesAgo(10).toISOString().replace('Z', '+00:00');
    const { body } = await list(`?since=${encodeURIComponent(since)}`);
    expect(body.data.map((f) => f.file_id)).toEqual([after, inOverlap]);
  });

  it('leaves out files that need confirming unless include_unconfirmed=true', async () => {
    const plain = insertFile('plain.jpg', minutesAgo(3));
    const unconfirmed = insertFile('confirm.jpg', minutesAgo(2), { confirm: true });
    expect((await list()).body.data.map((f) => f.file_id)).toEqual([plain]);
    expect((await list('?include_unconfirmed=true')).body.data.map((f) => f.file_id)).toEqual([
      unconfirmed,
      plain,
    ]);
  });

  it('pages with next_cursor and next_url until null, without repeats', async () => {
    for (let i = 0; i < 45; i++) insertFile(`file-${i}.jpg`, minutesAgo(100 - i));
    const seen: string[] = [];
    let query = '?limit=20';
    let pages = 0;
    for (;;) {
      const { body } = await list(query);
      pages++;
      seen.push(...body.data.map((f) => f.file_id));
      if (!body.next_url) break;
      expect(body.next_url).toContain('/api/v2/media/files?');
      expect(body.next_url).toContain(`cursor=${encodeURIComponent(String(body.next_cursor))}`);
      query = new URL(body.next_url).search;
    }
    expect(pages).toBe(3);
    expect(seen).toHaveLength(45);
    expect(new Set(seen).size).toBe(45);
  });

  it('reads at most 500 files a request: a short page still has next_url', async () => {
    for (let i = 0; i < 30; i++) insertFile(`keep-${i}.jpg`, minutesAgo(2000 + i));
    for (let i = 0; i < 550; i++) insertFile(`other-${i}.jpg`, minutesAgo(1000 - i));
    const first = await list('?name_contains=keep&limit=20');
    expect(first.body.data).toHaveLength(0);
    expect(first.body.next_url).not.toBeNull();
    const second = await list(new URL(String(first.body.next_url)).search);
    expect(second.body.data).toHaveLength(20);
    expect(second.body.data.every((f) => f.file_name.startsWith('keep-'))).toBe(true);
    const third = await list(new URL(String(second.body.next_url)).search);
    expect(third.body.data).toHaveLength(10);
    expect(third.body.next_url).toBeNull();
  });

  it.each([
    ['limit', '?limit=0'],
    ['limit', '?limit=101'],
    ['type', '?type=gif'],
    ['since', '?since=2026-03-01T10:00:00'],
    ['since', `?since=${encodeURIComponent('9999-12-31T23:59:59-05:00')}`],
    ['include_unconfirmed', '?include_unconfirmed=yes'],
    ['name_contains', `?name_contains=${'a'.repeat(121)}`],
    ['cursor', '?cursor=not-a-cursor'],
  ])('answers 400 bad_request naming %s for %s', async (parameter, query) => {
    const { res, body } = await list(query);
    expect(res.status).toBe(400);
    expect(body.error).toMatchObject({ code: 'bad_request', parameter });
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('names the years a since must lie in', async () => {
    const { body } = await list(`?since=${encodeURIComponent('9999-12-31T23:59:59-05:00')}`);
    expect(body.error?.message).toContain('0000 to 9999');
  });

  it('answers 400 for a cursor of another list', async () => {
    const secret = t.services.media.cursorSecret();
    const foreign = encodeCursor(
      { u: CLOCK_START.toISOString(), f: randomUUID() },
      secret,
      'posts',
      account.accountId,
    );
    const { res, body } = await list(`?cursor=${foreign}`);
    expect(res.status).toBe(400);
    expect(body.error?.parameter).toBe('cursor');
  });

  it("answers 400 naming cursor for another account's cursor", async () => {
    const other = await accountWithProfile(t, {});
    for (let i = 0; i < 3; i++)
      insertFile(`theirs-${i}.jpg`, minutesAgo(i + 1), { accountId: other.accountId });
    const theirs = (await list('?limit=1', other.apiKey)).body.next_cursor ?? '';
    expect(theirs).not.toBe('');
    const { res, body } = await list(`?cursor=${theirs}`);
    expect(res.status).toBe(400);
    expect(body.error).toMatchObject({ code: 'bad_request', parameter: 'cursor' });
    expect((await list(`?cursor=${theirs}`, other.apiKey)).res.status).toBe(200);
  });

  it("does not show another account's files", async () => {
    const other = await accountWithProfile(t, {});
    insertFile('theirs.jpg', minutesAgo(1), { accountId: other.accountId });
    expect((await list()).body.data).toHaveLength(0);
  });

  it('is open to Free accounts and not counted in the 60 reads a minute', async () => {
    const free = await accountWithProfile(t, {}, { plan: 'free' });
    for (let i = 0; i < 61; i++) expect((await list('', free.apiKey)).res.status).toBe(200);
    expect((await t.api('GET', '/api/v2/accounts', free.apiKey)).status).toBe(200);
  });
});

describe('retention and the public file address', () => {
  let files: FileServer;
  beforeAll(async () => {
    files = await startFileServer(await standardFixtures());
  });
  afterAll(async () => {
    await files.close();
  });
  beforeEach(async () => {
    // A short wait before answering 202 (the slow file's), a roomy source check (busy cores).
    t = await testApp({
      importAllow: ['127.0.0.1'],
      media: { checkTimeoutMs: ROOMY_IMPORT_WINDOWS.checkTimeoutMs, requestWaitMs: 250 },
    });
    account = await accountWithProfile(t, {});
    return () => t.close();
  });

  /** An import, finished before this returns unless `settle` is false (busy cores may answer 202 first). */
  async function importPhoto(
    path = '/photo.jpg',
    settle = true,
  ): Promise<{ fileId: string; status: number }> {
    const res = await t.api('POST', '/api/v2/media', account.apiKey, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${files.origin}${path}` }),
    });
    const fileId = String(((await res.json()) as { file_id: string }).file_id);
    if (settle) await t.services.media.importer.settled(fileId);
    return { fileId, status: res.status };
  }

  const status = (fileId: string) => t.api('GET', `/api/v2/media?file_id=${fileId}`, account.apiKey);
  const advanceDays = (days: number) => t.admin('POST', '/clock', { advance_seconds: days * 86_400 });

  it('serves a ready file at its public address without a key, with ranges', async () => {
    const { fileId } = await importPhoto();
    const view = (await (await status(fileId)).json()) as { public_url: string; size: number };
    const path = new URL(view.public_url).pathname;
    const whole = await t.app.request(path);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('image/jpeg');
    expect((await whole.arrayBuffer()).byteLength).toBe(view.size);
    const part = await t.app.request(path, { headers: { range: 'bytes=2-5' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 2-5/${view.size}`);
    expect((await part.arrayBuffer()).byteLength).toBe(4);
    const beyond = await t.app.request(path, { headers: { range: `bytes=${view.size}-` } });
    expect(beyond.status).toBe(416);
    expect((await t.app.request(`/files/${fileId}/other-name.jpg`)).status).toBe(404);
  });

  it('keeps the file private until the import is ready', async () => {
    const { fileId, status: code } = await importPhoto('/large.mp4', false);
    expect(code).toBe(202);
    expect((await t.app.request(`/files/${fileId}/large.mp4`)).status).toBe(404);
    await t.services.media.importer.settled(fileId);
    expect((await t.app.request(`/files/${fileId}/large.mp4`)).status).toBe(200);
  });

  it('removes the file from disk and the library 7 days after upload', async () => {
    const { fileId } = await importPhoto();
    const row = t.services.repos.mediaImports.get(fileId);
    const onDisk = t.services.mediaFolder.pathOf(String(row?.storagePath));
    expect(existsSync(onDisk)).toBe(true);
    await advanceDays(6);
    expect((await status(fileId)).status).toBe(200);
    await advanceDays(1);
    expect(existsSync(onDisk)).toBe(false);
    const gone = await status(fileId);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({ code: 'media_not_found' });
    expect((await t.app.request(`/files/${fileId}/photo.jpg`)).status).toBe(404);
    expect((await list()).body.data).toHaveLength(0);
  });

  it('keeps a file while a waiting scheduled post uses it, and shows the later expires_at', async () => {
    const { fileId } = await importPhoto();
    const postDue = new Date(CLOCK_START.getTime() + 10 * 86_400_000);
    t.services.media.retention.setHoldCheck((file) =>
      file.fileId === fileId && t.services.clock.now() < postDue ? postDue : null,
    );
    expect((await list()).body.data[0]?.expires_at).toBe(postDue.toISOString());
    await advanceDays(8);
    expect((await status(fileId)).status).toBe(200);
    await advanceDays(3);
    expect((await status(fileId)).status).toBe(404);
  });

  it('keeps a file named by a waiting scheduled post until that post no longer waits', async () => {
    const { fileId } = await importPhoto();
    const due = new Date(CLOCK_START.getTime() + 9 * 86_400_000);
    const scheduledPostId = randomUUID();
    t.services.repos.scheduledPosts.insert({
      id: scheduledPostId,
      accountId: account.accountId,
      profileId: account.profileId,
      platforms: ['x'],
      at: due.toISOString(),
      scheduledFor: due.toISOString(),
      createdAt: CLOCK_START.toISOString(),
      note: null,
      mediaType: 'image',
      request: { accountId: account.profileId, platform: 'x', content: { mediaID: [fileId] } },
    });
    expect((await list()).body.data[0]?.expires_at).toBe(due.toISOString());
    await advanceDays(8);
    expect((await status(fileId)).status).toBe(200);
    t.services.repos.scheduledPosts.cancel(scheduledPostId, t.services.clock.now());
    await advanceDays(1.1);
    expect((await status(fileId)).status).toBe(404);
  });

  it('answers 410 upload_expired for an upload-link file that left the library', async () => {
    const fileId = insertFile('upload.mp4', CLOCK_START, { kind: 'video', source: 'upload_link' });
    await advanceDays(7.1);
    const res = await status(fileId);
    expect(res.status).toBe(410);
    expect(await res.json()).toMatchObject({ code: 'upload_expired' });
  });
});
