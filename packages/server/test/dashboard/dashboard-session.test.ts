import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  SESSION_IDLE_SECONDS,
  SIGN_IN_FAILURES_PER_ADDRESS,
  SIGN_IN_FAILURES_PER_EMAIL_AND_ADDRESS,
} from '../../src/dashboard/session/index.js';
import { sha256Hex } from '../../src/domain/secrets.js';
import { type TestApp, tableCounts, testApp } from '../helpers/test-app.js';
import { DashboardBrowser } from './dashboard-helpers.js';

let t: TestApp;
beforeEach(async () => {
  t = await testApp();
});
afterEach(() => t.close());

describe('dashboard sessions', () => {
  it('signs up, sets an HttpOnly SameSite=Lax session cookie and stores only the hash of its id', async () => {
    const browser = new DashboardBrowser(t);
    const answer = await browser.signUp('ann@example.com');
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/dashboard');
    const line = answer.headers.getSetCookie().find((l) => l.startsWith('sp_session='));
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Lax/);
    expect(line).toMatch(/Path=\//);
    expect(line).not.toMatch(/Secure/);
    const id = browser.cookies.get('sp_session') ?? '';
    const rows = t.services.db.prepare('SELECT id_hash FROM dashboard_sessions').all() as {
      id_hash: string;
    }[];
    expect(rows).toEqual([{ id_hash: sha256Hex(id) }]);
    const overview = await browser.get('/dashboard');
    expect(overview.status).toBe(200);
    expect(browser.lastPage).toContain('Signed in as ann@example.com');
  });

  it('marks the session cookie Secure when the public URL is https', async () => {
    const secure = await testApp({ publicUrl: 'https://sandbox.example.com' });
    try {
      const answer = await new DashboardBrowser(secure).signUp('sec@example.com');
      expect(answer.headers.getSetCookie().find((l) => l.startsWith('sp_session='))).toMatch(/Secure/);
    } finally {
      await secure.close();
    }
  });

  it('sends a signed-out visitor to sign-in with the page as next', async () => {
    const answer = await new DashboardBrowser(t).get('/dashboard?view=all');
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(
      `/dashboard/sign-in?next=${encodeURIComponent('/dashboard?view=all')}`,
    );
  });

  it.each([
    ['//evil.example.com/x', '/dashboard'],
    ['https://evil.example.com/', '/dashboard'],
    ['/\\evil.example.com', '/dashboard'],
    ['/dashboard/scheduled?month=2026-03', '/dashboard/scheduled?month=2026-03'],
  ])('after sign-in follows next=%s only when it is a relative path (goes to %s)', async (next, expected) => {
    const browser = new DashboardBrowser(t);
    await browser.signUp('nx@example.com');
    await browser.post('/dashboard/sign-out', {});
    const answer = await browser.signIn('nx@example.com', 'long-enough-password', next);
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(expected);
  });

  it('ends the session after 24 idle hours on the virtual clock', async () => {
    const browser = new DashboardBrowser(t);
    await browser.signUp('idle@example.com');
    expect((await browser.get('/dashboard')).status).toBe(200);
    await t.admin('POST', '/clock', { advance_seconds: SESSION_IDLE_SECONDS + 1 });
    const answer = await browser.get('/dashboard');
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toMatch(/^\/dashboard\/sign-in\?next=%2Fdashboard&ended=1$/);
    const signIn = await browser.get(answer.headers.get('location') ?? '');
    expect(signIn.status).toBe(200);
    expect(browser.lastPage).toContain('Your session ended.');
  });

  it('signs out with a form post and the old cookie no longer works', async () => {
    const browser = new DashboardBrowser(t);
    await browser.signUp('out@example.com');
    const id = browser.cookies.get('sp_session') ?? '';
    await browser.get('/dashboard');
    expect((await browser.post('/dashboard/sign-out', {})).status).toBe(303);
    const replay = await t.app.request('/dashboard', { headers: { cookie: `sp_session=${id}` } });
    expect(replay.status).toBe(303);
  });
});

describe('dashboard CSRF', () => {
  it('refuses a form post without the token with a 403 page and changes nothing', async () => {
    const browser = new DashboardBrowser(t);
    await browser.signUp('csrf@example.com');
    await browser.get('/dashboard');
    const before = tableCounts(t);
    const answer = await browser.post('/dashboard/sign-out', {}, false);
    expect(answer.status).toBe(403);
    expect(answer.headers.get('content-type')).toMatch(/text\/html/);
    expect(browser.lastPage).toContain('Nothing was changed');
    expect(tableCounts(t)).toEqual(before);
    expect((await browser.get('/dashboard')).status).toBe(200);
  });

  it('refuses a wrong token and a sign-up posted from another site', async () => {
    const browser = new DashboardBrowser(t);
    await browser.get('/dashboard/sign-up');
    const before = tableCounts(t);
    const forged = await browser.post('/dashboard/sign-up', {
      _csrf: 'x'.repeat(43),
      email: 'forged@example.com',
      password: 'long-enough-password',
      plan: 'free',
    });
    expect(forged.status).toBe(403);
    const stranger = new DashboardBrowser(t);
    const noCookie = await stranger.post(
      '/dashboard/sign-up',
      { email: 'f2@example.com', password: 'long-enough-password', plan: 'free' },
      false,
    );
    expect(noCookie.status).toBe(403);
    expect(tableCounts(t)).toEqual(before);
  });
});

describe('sign-in', () => {
  it('keeps the typed e-mail and puts the error beside the password', async () => {
    const browser = new DashboardBrowser(t);
    await browser.signUp('kept@example.com');
    await browser.post('/dashboard/sign-out', {});
    const answer = await browser.signIn('kept@example.com', 'wrong-password');
    expect(answer.status).toBe(401);
    expect(browser.lastPage).toContain('value="kept@example.com"');
    expect(browser.lastPage).toContain('id="password-error"');
    expect(browser.cookies.has('sp_session')).toBe(false);
  });

  it(`locks one address out of one e-mail after ${SIGN_IN_FAILURES_PER_EMAIL_AND_ADDRESS} failures; the owner elsewhere still signs in`, async () => {
    const owner = new DashboardBrowser(t, '203.0.113.1');
    await owner.signUp('target@example.com');
    await owner.post('/dashboard/sign-out', {});
    const guesser = new DashboardBrowser(t, '203.0.113.10');
    for (let i = 0; i < SIGN_IN_FAILURES_PER_EMAIL_AND_ADDRESS; i++) {
      expect((await guesser.signIn('target@example.com', `guess-number-${i}`)).status).toBe(401);
    }
    expect((await guesser.signIn('target@example.com', 'long-enough-password')).status).toBe(429);
    expect(guesser.lastPage).toContain('Too many failed sign-ins for this e-mail address from your address');
    // Slowed down (the e-mail failed five times), not locked: the owner's own address gets in.
    expect((await owner.signIn('target@example.com', 'long-enough-password')).status).toBe(303);
    await t.admin('POST', '/clock', { advance_seconds: 15 * 60 });
    expect((await guesser.signIn('target@example.com', 'long-enough-password')).status).toBe(303);
  }, 30_000);

  it(`throttles one client address after ${SIGN_IN_FAILURES_PER_ADDRESS} failures across e-mails`, async () => {
    const attacker = new DashboardBrowser(t, '192.0.2.66');
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ADDRESS; i++) {
      expect((await attacker.signIn(`nobody${i}@example.com`, 'guess')).status).toBe(401);
    }
    expect((await attacker.signIn('another@example.com', 'guess')).status).toBe(429);
    expect(attacker.lastPage).toContain('from your address');
    expect((await new DashboardBrowser(t, '192.0.2.67').signIn('another@example.com', 'guess')).status).toBe(
      401,
    );
  }, 60_000);
});

describe('the root address', () => {
  it('leads a browser to the dashboard and leaves API clients and /health alone', async () => {
    const browser = await t.app.request('/', { headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(browser.status).toBe(303);
    expect(browser.headers.get('location')).toBe('/dashboard');
    const api = await t.app.request('/', { headers: { accept: 'application/json' } });
    expect(api.status).toBe(404);
    expect((await api.json()) as unknown).toMatchObject({ error: { code: 'not_found' } });
    expect((await t.app.request('/health')).status).toBe(200);
  });
});

describe('form errors in our own words', () => {
  it.each([
    [
      { email: 'short@example.com', password: 'short', plan: 'free' },
      'password',
      'Use at least 8 characters.',
    ],
    [
      { email: 'not-an-address', password: 'long-enough-password', plan: 'free' },
      'email',
      'Enter an e-mail address',
    ],
    [{ email: 'plan@example.com', password: 'long-enough-password', plan: 'gold' }, 'plan', 'Choose one of:'],
  ])('sign-up with %o names the %s problem without zod’s wording', async (fields, _field, words) => {
    const browser = new DashboardBrowser(t);
    await browser.get('/dashboard/sign-up');
    const before = tableCounts(t);
    const answer = await browser.post('/dashboard/sign-up', fields);
    expect(answer.status).toBe(400);
    expect(browser.lastPage).toContain(words);
    expect(browser.lastPage).not.toMatch(/Too small|Too big|Invalid (input|option|email)|expected string/);
    expect(tableCounts(t)).toEqual(before);
  });
});
