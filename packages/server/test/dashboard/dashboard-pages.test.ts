import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DASHBOARD_FORM_BODY_LIMIT, DASHBOARD_UPLOAD_BODY_LIMIT } from '../../src/dashboard/index.js';
import { accountWithProfile, type Fixture, type TestApp, tableCounts, testApp } from '../helpers/test-app.js';
import { DashboardBrowser } from './dashboard-helpers.js';

let t: TestApp;
let browser: DashboardBrowser;
/** Another account's rows, which the signed-in person must never reach. */
let other: Fixture;

const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);

beforeEach(async () => {
  t = await testApp();
  browser = new DashboardBrowser(t);
  await browser.signUp('owner@example.com');
  other = await accountWithProfile(t, { linkedin: {} });
});
afterEach(() => t.close());

async function otherScheduledPostId(): Promise<string> {
  const scheduledFor = new Date(t.services.clock.now().getTime() + 3600_000).toISOString();
  const res = await t.api('POST', '/api/v2/posts', other.apiKey, {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      post: { accountId: other.profileId, platform: 'linkedin', content: { text: 'hi' }, scheduledFor },
    }),
  });
  const body = (await res.json()) as { scheduled_post_id?: string };
  if (!body.scheduled_post_id) throw new Error(`schedule failed: ${res.status} ${JSON.stringify(body)}`);
  return body.scheduled_post_id;
}

async function otherFileId(): Promise<string> {
  const res = await t.admin('POST', `/accounts/${other.accountId}/media`, {
    file_name: 'a.jpg',
    content_base64: JPEG_HEAD.toString('base64'),
  });
  return ((await res.json()) as { file_id: string }).file_id;
}

function multipart(fields: Record<string, string | File>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

describe("another account's ids read as not found, and nothing changes", () => {
  it.each([
    ['revoke a key', () => `/dashboard/api-keys/${other.keyId}/revoke`, 'POST'],
    ['see the revoke page of a key', () => `/dashboard/api-keys/${other.keyId}/revoke`, 'GET'],
    ['connect a network to a profile', () => `/dashboard/profiles/${other.profileId}/connect`, 'POST'],
    ['open a connection', () => `/dashboard/profiles/${other.profileId}/networks/linkedin`, 'GET'],
    [
      'disconnect a connection',
      () => `/dashboard/profiles/${other.profileId}/networks/linkedin/disconnect`,
      'POST',
    ],
    ['change simulate', () => `/dashboard/profiles/${other.profileId}/networks/linkedin/simulate`, 'POST'],
  ])('%s', async (_what, path, method) => {
    await browser.get('/dashboard');
    const before = tableCounts(t);
    const answer =
      method === 'GET'
        ? await browser.get(path())
        : await browser.post(path(), {
            platform: 'x',
            username: 'me',
            outcome: 'failed',
            error_status: '403',
          });
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toMatch(/text\/html/);
    expect(browser.lastPage).toMatch(/Not found/);
    expect(tableCounts(t)).toEqual(before);
    const connection = t.services.repos.connections.get(other.profileId, 'linkedin');
    expect(connection?.simulate).toEqual({});
    expect(t.services.repos.apiKeys.get(other.keyId)?.revokedAt).toBeNull();
  });

  it('cancel and detail of a scheduled post', async () => {
    const id = await otherScheduledPostId();
    await browser.get('/dashboard');
    expect((await browser.post(`/dashboard/scheduled/${id}/cancel`, {})).status).toBe(404);
    expect((await browser.get(`/dashboard/history/${id}`)).status).toBe(404);
    expect(t.services.repos.scheduledPosts.get(id)?.outcome).toBe('waiting');
  });

  it('delete of a library file', async () => {
    const fileId = await otherFileId();
    await browser.get('/dashboard/media');
    expect((await browser.post(`/dashboard/media/files/${fileId}/delete`, {})).status).toBe(404);
    expect(t.services.repos.mediaImports.get(fileId)).not.toBeNull();
  });
});

describe('Media library uploads', () => {
  const upload = async (file: File) => {
    await browser.get('/dashboard/media');
    return browser.request('POST', '/dashboard/media/upload', {
      body: multipart({ _csrf: browser.csrf(), file }),
    });
  };

  it('adds a file with source dashboard and spends no upload budget', async () => {
    const answer = await upload(new File([JPEG_HEAD], 'shot.jpg', { type: 'image/jpeg' }));
    expect(answer.status).toBe(303);
    const account = t.services.repos.accounts.findByEmail('owner@example.com');
    const files = t.services.db
      .prepare('SELECT source FROM media_files WHERE account_id = ?')
      .all(account?.id) as { source: string }[];
    expect(files).toEqual([{ source: 'dashboard' }]);
    const today = t.services.clock.now().toISOString().slice(0, 10);
    expect(t.services.repos.uploadLinks.usedBytes(account?.id ?? '', today)).toBe(0);
  });

  it.each([
    ['a wrong file type', new File(['plain text'], 'notes.txt'), 415, /Accepted files/],
    [
      'content that is not what the name says',
      new File(['plain text'], 'photo.png'),
      415,
      /is not a image\/png/,
    ],
    ['an empty file', new File([], 'empty.jpg'), 400, /is empty/],
    [
      'an image over the size limit',
      new File([JPEG_HEAD, Buffer.alloc(20 * 1024 * 1024)], 'huge.jpg'),
      413,
      /larger than 20971520 bytes/,
    ],
  ])('refuses %s beside the field and adds nothing', async (_what, file, status, message) => {
    const before = tableCounts(t);
    const answer = await upload(file);
    expect(answer.status).toBe(status);
    expect(browser.lastPage).toContain('id="file-error"');
    expect(browser.lastPage).toMatch(message);
    expect(tableCounts(t)).toEqual(before);
  });

  it('refuses a body over the page limit with a 413 page, never a 500', async () => {
    await browser.get('/dashboard/media');
    const csrf = browser.csrf();
    const big = new File([JPEG_HEAD, Buffer.alloc(DASHBOARD_UPLOAD_BODY_LIMIT)], 'big.jpg');
    const answer = await browser.request('POST', '/dashboard/media/upload', {
      body: multipart({ _csrf: csrf, file: big }),
    });
    expect(answer.status).toBe(413);
    expect(browser.lastPage).toMatch(/Nothing was changed/);
    const form = await browser.post(
      '/dashboard/api-keys',
      { name: 'x'.repeat(DASHBOARD_FORM_BODY_LIMIT) },
      false,
    );
    expect(form.status).toBe(413);
  });
});

describe('forms keep what was typed and change nothing on bad input', () => {
  it('connecting a network lands back on Profiles, saying what is connected and what next', async () => {
    await browser.get('/dashboard/profiles');
    await browser.post('/dashboard/profiles', { name: 'Shop' });
    await browser.get('/dashboard/profiles');
    const shop = t.services.repos.profiles.listForAccount(
      t.services.repos.accounts.findByEmail('owner@example.com')?.id ?? '',
    )[0];
    const answer = await browser.post(`/dashboard/profiles/${shop?.id}/connect`, {
      platform: 'threads',
      username: 'me',
    });
    const landing = answer.headers.get('location') ?? '';
    expect(landing).toMatch(/^\/dashboard\/profiles\?done=network-connected&network=threads&profile=/);
    await browser.get(landing);
    expect(browser.lastPage).toContain('threads is connected to Shop.');
    expect(browser.lastPage).toContain(`href="/dashboard/profiles/${shop?.id}/networks/threads"`);
    // Words come only from the account's own profile and a real network.
    await browser.get(`/dashboard/profiles?done=network-connected&network=evil&profile=${shop?.id}`);
    expect(browser.lastPage).not.toContain('is connected to');
  });

  it('simulate form: a bad status and bad JSON are shown beside their fields', async () => {
    await browser.get('/dashboard/profiles');
    await browser.post('/dashboard/profiles', { name: 'Mine' });
    await browser.get('/dashboard/profiles');
    const mine = t.services.repos.profiles.listForAccount(
      t.services.repos.accounts.findByEmail('owner@example.com')?.id ?? '',
    )[0];
    await browser.post(`/dashboard/profiles/${mine?.id}/connect`, { platform: 'linkedin', username: 'me' });
    const path = `/dashboard/profiles/${mine?.id}/networks/linkedin`;
    await browser.get(path);
    const answer = await browser.post(`${path}/simulate`, {
      outcome: 'failed',
      error_status: '200',
      error_code: 'x_rejected',
      latency_ms: 'soon',
      next: '[{"outcome": "sideways"}]',
    });
    expect(answer.status).toBe(400);
    expect(browser.lastPage).toContain('id="latency_ms-error"');
    expect(browser.lastPage).toContain('value="x_rejected"');
    expect(t.services.repos.connections.get(mine?.id ?? '', 'linkedin')?.simulate).toEqual({});
    const second = await browser.post(`${path}/simulate`, {
      error_status: '200',
      next: '[{"outcome": "sideways"}]',
    });
    expect(second.status).toBe(400);
    expect(browser.lastPage).toContain('id="error_status-error"');
    expect(browser.lastPage).toContain('id="next-error"');
    expect(t.services.repos.connections.get(mine?.id ?? '', 'linkedin')?.simulate).toEqual({});
  });

  it('plan form refuses an unknown plan and keeps the plan', async () => {
    await browser.get('/dashboard/plan');
    const answer = await browser.post('/dashboard/plan', { plan: 'platinum', x_addon: 'on' });
    expect(answer.status).toBe(400);
    expect(browser.lastPage).toContain('id="plan-error"');
    expect(t.services.repos.accounts.findByEmail('owner@example.com')?.plan).toBe('skilled');
  });

  it('sign-up refuses an e-mail already in use beside the field', async () => {
    const stranger = new DashboardBrowser(t, '198.51.100.8');
    const answer = await stranger.signUp('OWNER@example.com');
    expect(answer.status).toBe(409);
    expect(stranger.lastPage).toContain('id="email-error"');
    expect(stranger.lastPage).toContain('value="OWNER@example.com"');
  });

  it('pages escape what people typed', async () => {
    await browser.get('/dashboard/api-keys');
    await browser.post('/dashboard/api-keys', { name: '<script>alert(1)</script>' });
    await browser.get('/dashboard/api-keys');
    expect(browser.lastPage).not.toContain('<script>alert(1)</script>');
    expect(browser.lastPage).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});

describe('Clock page', () => {
  it("moves the account's own test clock and runs what became due; the server's clock stays", async () => {
    const clock = (await (
      await t.admin('POST', '/clocks', { now: t.services.clock.now().toISOString() })
    ).json()) as { clock_id: string };
    await t.admin('POST', '/accounts', {
      email: 'tester@example.com',
      password: 'long-enough-password',
      clock_id: clock.clock_id,
    });
    const tester = new DashboardBrowser(t, '198.51.100.9');
    await tester.signIn('tester@example.com', 'long-enough-password');
    await tester.get('/dashboard/clock');
    const testNow = () => t.services.clocks.byId(clock.clock_id)?.now().getTime() ?? 0;
    const before = testNow();
    const serverBefore = t.services.clock.now().getTime();
    expect((await tester.post('/dashboard/clock/advance', { seconds: '86400' })).status).toBe(303);
    expect(testNow() - before).toBe(86_400_000);
    expect(t.services.clock.now().getTime()).toBe(serverBefore);
    // Still signed in: moving the clock restarts the session's idle window.
    expect((await tester.get('/dashboard/clock')).status).toBe(200);
    expect((await tester.post('/dashboard/clock/advance', { seconds: '999999' })).status).toBe(400);
    expect(testNow() - before).toBe(86_400_000);
  });

  it('on a system clock too: a sign-up starts its own test clock, and goes back once real time has caught up', async () => {
    const system = await testApp({ clock: 'system' });
    try {
      const person = new DashboardBrowser(system);
      await person.signUp('sys@example.com');
      expect(person.lastPage).toContain('href="/dashboard/clock"');
      expect((await person.get('/dashboard/clock')).status).toBe(200);
      expect(person.lastPage).toContain('action="/dashboard/clock/start"');
      expect((await person.post('/dashboard/clock/start', {})).status).toBe(303);
      await person.get('/dashboard');
      expect(person.lastPage).toContain('id="test-clock-notice"');
      await person.get('/dashboard/clock');
      expect((await person.post('/dashboard/clock/advance', { seconds: '3600' })).status).toBe(303);
      await person.get('/dashboard/clock');
      expect(person.lastPage).not.toContain('action="/dashboard/clock/back"');
      // Forged: the page offers no button, and the domain refuses with its reason.
      expect((await person.post('/dashboard/clock/back', {})).status).toBe(409);
      expect(person.lastPage).toContain('has not reached');
      const account = system.services.repos.accounts.findByEmail('sys@example.com');
      expect(account?.clockId).not.toBeNull();
    } finally {
      await system.close();
    }
  });
});
