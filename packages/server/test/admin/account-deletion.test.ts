import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sendPost } from '../helpers/publishing.js';
import { ADMIN_TOKEN, accountWithProfile, type Fixture, type TestApp, testApp } from '../helpers/test-app.js';
import { announce, createLink, head, jpegBytes, patch } from '../helpers/uploads.js';

const apps: TestApp[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
async function open(options: Parameters<typeof testApp>[0] = {}): Promise<TestApp> {
  const app = await testApp(options);
  apps.push(app);
  return app;
}

/** An account owning a bit of everything: a post, a scheduled post, a library file, an open upload link with bytes. */
async function busyAccount(
  t: TestApp,
  clockId: string | null = null,
): Promise<Fixture & { files: string[] }> {
  const fx = await accountWithProfile(t, { linkedin: {} }, { clock_id: clockId });
  const post = { accountId: fx.profileId, platform: 'linkedin', content: { text: 'hi' } };
  expect((await sendPost(t, fx.apiKey, { post }, { headers: { 'idempotency-key': 'k1' } })).status).toBe(200);
  const later = new Date(
    t.services.clocks.forAccount(fx.accountId).now().getTime() + 7_200_000,
  ).toISOString();
  expect((await sendPost(t, fx.apiKey, { post: { ...post, scheduledFor: later } })).status).toBe(202);
  const media = await t.admin('POST', `/accounts/${fx.accountId}/media`, {
    file_name: 'a.jpg',
    content_base64: jpegBytes(2000).toString('base64'),
  });
  expect(media.status).toBe(201);
  const bytes = jpegBytes(3000);
  const { link } = await createLink(t, fx.apiKey, announce(bytes));
  expect((await patch(t, link, 0, bytes.subarray(0, 1000))).status).toBe(204);
  const fileId = ((await media.json()) as { file_id: string }).file_id;
  return { ...fx, files: [join('files', fileId), join('uploads', `${link.file_id}.part`)] };
}

function rowsOf(t: TestApp, accountId: string): Record<string, number> {
  const { db } = t.services;
  t.services.repos.writeBehind.flush();
  const counts: Record<string, number> = {};
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .all() as { name: string }[];
  for (const { name } of tables) {
    const columns = db.prepare(`SELECT name FROM pragma_table_info('${name}')`).all() as { name: string }[];
    const column =
      name === 'accounts' ? 'id' : columns.some((c) => c.name === 'account_id') ? 'account_id' : null;
    if (!column) continue;
    counts[name] = (
      db.prepare(`SELECT COUNT(*) AS n FROM "${name}" WHERE ${column} = ?`).get(accountId) as { n: number }
    ).n;
  }
  return counts;
}
const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

describe('DELETE /admin/v1/accounts/{account_id}', () => {
  it('deletes every row and file of the account and nothing of another; its key then answers 401', async () => {
    const t = await open();
    const gone = await busyAccount(t);
    const kept = await busyAccount(t);
    const keptRows = rowsOf(t, kept.accountId);
    expect(total(rowsOf(t, gone.accountId))).toBeGreaterThan(5);
    for (const f of gone.files) expect(existsSync(t.services.mediaFolder.pathOf(f))).toBe(true);

    const res = await t.admin('DELETE', `/accounts/${gone.accountId}`);
    expect(res.status).toBe(200);
    expect(total(rowsOf(t, gone.accountId))).toBe(0);
    expect(t.services.db.prepare('SELECT COUNT(*) AS n FROM api_keys WHERE id = ?').get(gone.keyId)).toEqual({
      n: 0,
    });
    for (const f of gone.files) expect(existsSync(t.services.mediaFolder.pathOf(f))).toBe(false);
    expect(rowsOf(t, kept.accountId)).toEqual(keptRows);
    for (const f of kept.files) expect(existsSync(t.services.mediaFolder.pathOf(f))).toBe(true);
    expect((await t.api('GET', '/api/v2/accounts', gone.apiKey)).status).toBe(401);
    expect((await t.api('GET', '/api/v2/accounts', kept.apiKey)).status).toBe(200);
    expect((await t.admin('DELETE', `/accounts/${gone.accountId}`)).status).toBe(404);
  });

  it('answers 403 account_being_deleted on upload links and 401 elsewhere while the deletion runs', async () => {
    const t = await open();
    const fx = await busyAccount(t);
    t.services.repos.accounts.markDeleting(fx.accountId, new Date().toISOString());
    const upload = await createLink(t, fx.apiKey, announce(jpegBytes(500)));
    expect(upload.res.status).toBe(403);
    expect(((await upload.res.json()) as { error: { code: string } }).error.code).toBe(
      'account_being_deleted',
    );
    expect((await t.api('GET', '/api/v2/posts', fx.apiKey)).status).toBe(401);
  });

  it('DELETE /clocks/{id} removes the clock, its accounts and their files, and nothing else', async () => {
    const t = await open();
    const clock = (await (await t.admin('POST', '/clocks', { now: '2030-01-01T00:00:00Z' })).json()) as {
      clock_id: string;
    };
    const onClock = [await busyAccount(t, clock.clock_id), await busyAccount(t, clock.clock_id)];
    const other = await busyAccount(t);
    const otherRows = rowsOf(t, other.accountId);
    const res = await t.admin('DELETE', `/clocks/${clock.clock_id}`);
    expect(res.status).toBe(200);
    for (const fx of onClock) {
      expect(total(rowsOf(t, fx.accountId))).toBe(0);
      for (const f of fx.files) expect(existsSync(t.services.mediaFolder.pathOf(f))).toBe(false);
    }
    expect((await t.admin('GET', `/clocks/${clock.clock_id}`)).status).toBe(404);
    expect(rowsOf(t, other.accountId)).toEqual(otherRows);
    for (const f of other.files) expect(existsSync(t.services.mediaFolder.pathOf(f))).toBe(true);
  });

  it('finishes at the next start a deletion a crash interrupted, and the data directory shrinks', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'socialpub-delete-'));
    dirs.push(dataDir);
    const first = await testApp({ memory: false, dataDir, adminToken: ADMIN_TOKEN });
    const gone = await busyAccount(first);
    for (let i = 0; i < 30; i++)
      await busyAccount(first).then((fx) => first.admin('DELETE', `/accounts/${fx.accountId}`));
    const kept = await busyAccount(first);
    const keptRows = rowsOf(first, kept.accountId);
    // The state a SIGKILL right after the first step leaves: marked, nothing removed yet.
    first.services.repos.accounts.markDeleting(gone.accountId, new Date().toISOString());
    await first.close();
    const mediaBefore = readdirSync(join(dataDir, 'media', 'files')).length;

    const second = await open({ memory: false, dataDir, adminToken: ADMIN_TOKEN });
    expect(total(rowsOf(second, gone.accountId))).toBe(0);
    for (const f of gone.files) expect(existsSync(second.services.mediaFolder.pathOf(f))).toBe(false);
    expect(rowsOf(second, kept.accountId)).toEqual(keptRows);
    expect(readdirSync(join(dataDir, 'media', 'files')).length).toBe(mediaBefore - 1);
    expect((await second.api('GET', '/api/v2/accounts', kept.apiKey)).status).toBe(200);
    // Incremental vacuum gave the deleted pages back: few free pages remain in the file.
    const free = second.services.db.pragma('freelist_count', { simple: true }) as number;
    expect(second.services.db.pragma('auto_vacuum', { simple: true })).toBe(2);
    expect(free).toBeLessThan(5);
  });

  it('sends no scheduled post of an account being deleted, and still sends the others', async () => {
    const t = await open();
    const [gone, kept] = [
      await accountWithProfile(t, { linkedin: {} }),
      await accountWithProfile(t, { linkedin: {} }),
    ];
    const at = new Date(t.services.clock.now().getTime() + 3_600_000).toISOString();
    const ids: string[] = [];
    for (const fx of [gone, kept]) {
      const post = {
        accountId: fx.profileId,
        platform: 'linkedin',
        content: { text: 'later' },
        scheduledFor: at,
      };
      const res = await sendPost(t, fx.apiKey, { post });
      expect(res.status).toBe(202);
      ids.push(res.body['scheduled_post_id'] as string);
    }
    // The state between step 1 (marked) and step 3 (rows deleted) of a deletion.
    t.services.repos.accounts.markDeleting(gone.accountId, t.services.clock.now().toISOString());
    expect((await t.admin('POST', '/clock', { advance_seconds: 7_200 })).status).toBe(200);
    expect(t.services.repos.scheduledPosts.get(ids[0] as string)?.outcome).toBe('waiting');
    expect(t.services.repos.postRecords.listForScheduledPost(ids[0] as string)).toEqual([]);
    expect(t.services.repos.scheduledPosts.get(ids[1] as string)?.outcome).not.toBe('waiting');
  });

  it('answers 403 account_being_deleted on the storage address of an upload while the deletion runs', async () => {
    const t = await open();
    const fx = await accountWithProfile(t, { linkedin: {} });
    const bytes = jpegBytes(2000);
    const { link } = await createLink(t, fx.apiKey, announce(bytes));
    expect((await patch(t, link, 0, bytes.subarray(0, 500))).status).toBe(204);
    t.services.repos.accounts.markDeleting(fx.accountId, t.services.clock.now().toISOString());
    for (const res of [await patch(t, link, 500, bytes.subarray(500, 900)), await head(t, link)]) {
      expect(res.status).toBe(403);
      if (res.headers.get('content-type')?.includes('json')) {
        const body = (await res.json()) as { error: { code: string; upload_link_retry?: string } };
        expect(body.error.code).toBe('account_being_deleted');
      }
    }
    const body = (await (await patch(t, link, 500, bytes.subarray(500, 900))).json()) as Record<
      string,
      unknown
    >;
    expect(JSON.stringify(body)).toContain('account_being_deleted');
  });
});
