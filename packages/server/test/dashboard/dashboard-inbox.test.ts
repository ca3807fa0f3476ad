import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addImage, advance, sendPost } from '../helpers/publishing.js';
import { accountWithProfile, type Fixture, type TestApp, testApp } from '../helpers/test-app.js';
import { DashboardBrowser } from './dashboard-helpers.js';

let t: TestApp;
let browser: DashboardBrowser;
let own: Fixture;

beforeEach(async () => {
  t = await testApp();
  browser = new DashboardBrowser(t);
  await browser.signUp('owner@example.com');
  const accountId = t.services.repos.accounts.findByEmail('owner@example.com')?.id ?? '';
  await t.admin('PATCH', `/accounts/${accountId}`, { x_addon: true });
  const key = (await (await t.admin('POST', `/accounts/${accountId}/keys`, {})).json()) as {
    api_key: string;
  };
  const profile = (await (
    await t.admin('POST', `/accounts/${accountId}/profiles`, { name: 'Bakery' })
  ).json()) as {
    profile_id: string;
  };
  for (const platform of ['x', 'instagram', 'youtube'])
    await t.admin('PUT', `/profiles/${profile.profile_id}/networks/${platform}`, { username: 'bakery' });
  own = { accountId, profileId: profile.profile_id, apiKey: key.api_key, keyId: '' };
});
afterEach(() => t.close());

const publish = async (platform: string, extra: Record<string, unknown>) => {
  const a = await sendPost(t, own.apiKey, { post: { accountId: own.profileId, platform, ...extra } });
  if (a.status >= 300) throw new Error(`publish ${platform}: ${a.status} ${JSON.stringify(a.body)}`);
};

describe('Network inbox page', () => {
  it('shows a card per delivery as its network would: X text and link card, Instagram image and caption', async () => {
    const image = addImage(t, own.accountId);
    // 10 + 23 (every URL) + 1 + 9 * 27 = 277 weighted characters: X takes it.
    await publish('x', {
      content: { text: `Our menu: https://bakery.example.com/menu ${'and more '.repeat(27)}` },
    });
    await advance(t, 1);
    await publish('instagram', { content: { text: 'Morning bake', mediaID: [image] } });
    const page = await browser.get('/dashboard/inbox');
    expect(page.status).toBe(200);
    expect(browser.lastPage).toContain(
      'Link card: <span class="mono">https://bakery.example.com/menu</span>',
    );
    // The counter counts as X does (twitter-text): the URL is 23 however long it is.
    expect(browser.lastPage).toContain('Text length: 277 of 280 weighted characters');
    expect(browser.lastPage).toContain('Caption length: 12 of 2,200 characters');
    expect(browser.lastPage).not.toMatch(/… Show more/);
    expect(browser.lastPage).toMatch(new RegExp(`<img src="http://127.0.0.1:8787/files/${image}/`));
    expect(browser.lastPage).toContain('Morning bake');
    // Newest first: the instagram card comes before the x card.
    expect(browser.lastPage.indexOf('instagram delivery')).toBeLessThan(
      browser.lastPage.indexOf('x delivery'),
    );
  });

  it('shows a text over X’s limit, sent with lenient rules, behind Show more with its count', async () => {
    await t.admin('PATCH', `/profiles/${own.profileId}/networks/x`, { simulate: { rules: 'lenient' } });
    await publish('x', { content: { text: `Our menu ${'and more '.repeat(40)}` } });
    await browser.get('/dashboard/inbox');
    expect(browser.lastPage).toMatch(/… Show more/);
    expect(browser.lastPage).toContain(
      'Text length: 369 of 280 weighted characters (89 over): sent with simulate.rules lenient',
    );
  });

  it('filters by network and text, and names a wrong filter beside its field', async () => {
    await publish('x', { content: { text: 'Bread is ready' } });
    await publish('youtube', {
      content: {
        text: 'Watch us bake',
        mediaID: [addImage(t, own.accountId, { kind: 'video', type: 'video/mp4', fileName: 'v.mp4' })],
      },
      youtube: { privacyStatus: 'unlisted', title: 'Baking live' },
    });
    await browser.get('/dashboard/inbox?platform=youtube');
    expect(browser.lastPage).toContain('Baking live');
    expect(browser.lastPage).toContain('unlisted');
    expect(browser.lastPage).not.toContain('Bread is ready');
    await browser.get('/dashboard/inbox?q=bread');
    expect(browser.lastPage).toContain('Bread is ready');
    expect(browser.lastPage).not.toContain('Baking live');
    const bad = await browser.get('/dashboard/inbox?platform=myspace');
    expect(bad.status).toBe(400);
    expect(browser.lastPage).toContain('Unknown network');
  });

  it("answers the poll with the count and newest delivery's id, and never another account's", async () => {
    const newest = async () =>
      ((await (await browser.get('/dashboard/inbox/newest')).json()) as { marker: string | null }).marker;
    expect(await newest()).toBe('0:');
    const other = await accountWithProfile(t, { x: {} }, { x_addon: true });
    await sendPost(t, other.apiKey, {
      post: { accountId: other.profileId, platform: 'x', content: { text: 'theirs' } },
    });
    expect(await newest()).toBe('0:');
    await publish('x', { content: { text: 'mine' } });
    expect(await newest()).toMatch(/^1:dlv_[0-9a-f]{32}$/);
    await browser.get('/dashboard/inbox');
    expect(browser.lastPage).not.toContain('theirs');
    expect(browser.lastPage).toMatch(/data-poll="\/dashboard\/inbox\/newest\?"/);
  });

  it('needs a signed-in person', async () => {
    const anonymous = new DashboardBrowser(t, '198.51.100.9');
    const answer = await anonymous.get('/dashboard/inbox');
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toMatch(/^\/dashboard\/sign-in/);
  });
});
