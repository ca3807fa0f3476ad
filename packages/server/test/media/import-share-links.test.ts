import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FileServer, standardFixtures, startFileServer } from '../helpers/media-import-server.js';
import {
  accountWithProfile,
  type Fixture,
  ROOMY_IMPORT_WINDOWS,
  type TestApp,
  testApp,
} from '../helpers/test-app.js';

let files: FileServer;
let t: TestApp;
let account: Fixture;

beforeAll(async () => {
  files = await startFileServer(await standardFixtures());
});
afterAll(async () => {
  await files.close();
});

async function setUp(plan = 'skilled', shareLinks = true) {
  const origin = files.origin;
  t = await testApp({
    importAllow: ['127.0.0.1'],
    media: {
      ...ROOMY_IMPORT_WINDOWS,
      shareLinkOrigins: { dropbox: origin, googleDrive: origin, onedriveApi: origin, onedriveLive: origin },
    },
  });
  account = await accountWithProfile(t, {}, { plan, share_links: shareLinks });
  files.seen.length = 0;
}

async function importUrl(url: string) {
  const res = await t.api('POST', '/api/v2/media', account.apiKey, {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url }),
  });
  return { res, body: (await res.json()) as Record<string, unknown> };
}

describe('share links that need converting', () => {
  beforeEach(async () => {
    await setUp();
    return () => t.close();
  });

  it.each([
    ['dropbox', 'https://www.dropbox.com/s/abc123/Holiday.jpg?dl=0', '/s/abc123/Holiday.jpg?dl=1'],
    [
      'dropbox scl',
      'https://www.dropbox.com/scl/fi/xyz9/Holiday.jpg?rlkey=k1&dl=0',
      '/scl/fi/xyz9/Holiday.jpg?rlkey=k1&dl=1',
    ],
    [
      'google drive view',
      'https://drive.google.com/file/d/1AbCdEfGhIjK/view?usp=sharing',
      '/uc?export=download&id=1AbCdEfGhIjK',
    ],
    [
      'google drive open',
      'https://drive.google.com/open?id=1AbCdEfGhIjK',
      '/uc?export=download&id=1AbCdEfGhIjK',
    ],
    ['google drive uc', 'https://drive.google.com/uc?id=1AbCdEfGhIjK', '/uc?export=download&id=1AbCdEfGhIjK'],
    [
      'onedrive live',
      'https://onedrive.live.com/redir?resid=ABC%21123&authkey=k',
      '/download?resid=ABC%21123&authkey=k',
    ],
  ])('imports a %s link from its download form', async (_name, link, downloadPath) => {
    const { res, body } = await importUrl(link);
    expect(res.status).toBe(200);
    expect(body['status']).toBe('ready');
    expect(files.seen.map((r) => r.url)).toContain(downloadPath);
  });

  it('imports a 1drv.ms link through the shares API form', async () => {
    const link = 'https://1drv.ms/i/s!AbCdEf123';
    const { res } = await importUrl(link);
    expect(res.status).toBe(200);
    const token = `u!${Buffer.from(link).toString('base64url')}`;
    expect(files.seen.map((r) => r.url)).toContain(`/v1.0/shares/${token}/root/content`);
  });

  it.each([
    ['dropbox', 'https://www.dropbox.com/sh/abc/AAAfolder?dl=0'],
    ['dropbox', 'https://www.dropbox.com/scl/fo/abc/h?rlkey=k&dl=0'],
    ['google_drive', 'https://drive.google.com/drive/folders/1AbCdEfGhIjK'],
    ['onedrive', 'https://1drv.ms/f/s!AbCdEf123'],
  ])('refuses a %s folder link with 400 link_is_folder', async (provider, link) => {
    const { res, body } = await importUrl(link);
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ code: 'link_is_folder', provider });
    expect(typeof body['next_step']).toBe('string');
    expect(files.seen).toHaveLength(0);
  });

  it.each([
    ['dropbox', 'https://www.dropbox.com/home/photos'],
    ['dropbox', 'https://www.dropbox.com/scl/fi/xyz/a.jpg?dl=0'],
    ['google_drive', 'https://drive.google.com/drive/my-drive'],
    ['google_drive', 'https://docs.google.com/document/d/1AbCdEfGhIjK/edit'],
    ['onedrive', 'https://onedrive.live.com/about/en-us/'],
  ])('refuses an unknown %s form with 400 link_not_supported', async (provider, link) => {
    const { res, body } = await importUrl(link);
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ code: 'link_not_supported', provider });
    expect(typeof body['next_step']).toBe('string');
  });

  it.each([
    ['status401', 'link_not_public'],
    ['status403', 'link_not_public'],
    ['status404', 'link_not_found'],
    ['status429', 'link_temporarily_blocked'],
    ['htmlpage', 'link_not_a_file'],
  ])('maps the provider answer %s to 400 %s', async (behaviour, code) => {
    const { res, body } = await importUrl(`https://www.dropbox.com/s/${behaviour}/Holiday.jpg?dl=0`);
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ code, provider: 'dropbox' });
    expect(typeof body['next_step']).toBe('string');
    expect(typeof body['error']).toBe('string');
  });
});

describe('share links and the account', () => {
  it('answers 403 plan_limit_reached with upgrade_url on a Free account', async () => {
    await setUp('free');
    const { res, body } = await importUrl('https://www.dropbox.com/s/abc123/Holiday.jpg?dl=0');
    expect(res.status).toBe(403);
    expect(body).toMatchObject({ code: 'plan_limit_reached', provider: 'dropbox' });
    expect(String(body['upgrade_url'])).toMatch(/^http/);
    expect(typeof body['next_step']).toBe('string');
    expect(files.seen).toHaveLength(0);
    await t.close();
  });

  it('imports a link that already downloads on a Free account', async () => {
    await setUp('free');
    const { res } = await importUrl('https://www.dropbox.com/s/abc123/Holiday.jpg?dl=1');
    expect(res.status).toBe(200);
    await t.close();
  });

  it('answers 400 share_links_paused when share links are off for the account', async () => {
    await setUp('skilled', false);
    const { res, body } = await importUrl('https://drive.google.com/file/d/1AbCdEfGhIjK/view');
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ code: 'share_links_paused', provider: 'google_drive' });
    await t.close();
  });
});
