import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../src/config.js';
import { parseTeamSettings, unknownVariableWarnings } from '../../src/config-team.js';
import { type RunningServer, type StartServerConfig, startServer } from '../../src/start-server.js';
import { DashboardBrowser } from '../dashboard/dashboard-helpers.js';
import { ADMIN_TOKEN, TEST_PASSWORD_WORK_FACTOR, testApp } from '../helpers/test-app.js';

// The settings a shared server needs (reference-server.md, "A team's server behind a proxy").

interface RawAnswer {
  status: number;
  body: string;
}

function raw(port: number, path: string, headers: Record<string, string>, method = 'GET', body?: string) {
  return new Promise<RawAnswer>((resolve, reject) => {
    const sent = request({ host: '127.0.0.1', port, path, method, headers }, (answer) => {
      let text = '';
      answer.setEncoding('utf8');
      answer.on('data', (chunk: string) => {
        text += chunk;
      });
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, body: text }));
    });
    sent.on('error', reject);
    sent.end(body);
  });
}

describe('reading the settings', () => {
  it('takes each setting’s documented values and refuses others with a sentence', () => {
    expect(parseTeamSettings({})).toEqual({
      trustProxy: undefined,
      demo: true,
      signup: 'open',
      adminListen: undefined,
      log: 'off',
    });
    expect(
      parseTeamSettings({
        SOCIALPUB_DEMO: 'off',
        SOCIALPUB_SIGNUP: 'closed',
        SOCIALPUB_ADMIN_LISTEN: '127.0.0.1:8788',
        SOCIALPUB_LOG: 'json',
        SOCIALPUB_TRUST_PROXY: '1',
      }),
    ).toEqual({
      trustProxy: { hops: 1 },
      demo: false,
      signup: 'closed',
      adminListen: { host: '127.0.0.1', port: 8788 },
      log: 'json',
    });
    expect(parseTeamSettings({ SOCIALPUB_ADMIN_LISTEN: '[::1]:9000' }).adminListen).toEqual({
      host: '::1',
      port: 9000,
    });
    expect(() => parseTeamSettings({ SOCIALPUB_DEMO: 'no' })).toThrow(
      'SOCIALPUB_DEMO must be "on" or "off", got "no".',
    );
    expect(() => parseTeamSettings({ SOCIALPUB_SIGNUP: 'invite' })).toThrow(/"open" or "closed"/);
    expect(() => parseTeamSettings({ SOCIALPUB_LOG: 'text' })).toThrow(/"off" or "json"/);
    for (const listen of ['0.0.0.0:8788', '10.0.0.5:8788', '127.0.0.1', '127.0.0.1:0', '127.0.0.1:65536']) {
      expect(() => parseTeamSettings({ SOCIALPUB_ADMIN_LISTEN: listen })).toThrow(
        /loopback address and port/,
      );
    }
  });

  it('refuses a path in SOCIALPUB_PUBLIC_URL at start, saying why', () => {
    for (const url of ['https://example.test/socialpub', 'https://example.test/?a=1']) {
      expect(() => parseConfig([], { SOCIALPUB_PUBLIC_URL: url })).toThrow(ConfigError);
      expect(() => parseConfig([], { SOCIALPUB_PUBLIC_URL: url })).toThrow(
        /must be an origin without a path/,
      );
    }
    expect(parseConfig([], { SOCIALPUB_PUBLIC_URL: 'https://example.test/' }).publicUrl).toBe(
      'https://example.test',
    );
  });

  it('names every SOCIALPUB_ variable nothing reads, with the setting it is nearest to', () => {
    expect(
      unknownVariableWarnings({
        SOCIALPUB_PUBLC_URL: 'https://x.test',
        SOCIALPUB_PORT: '1',
        SOCIALPUB_API_KEY: 'sk',
        SOCIALPUB_WHATEVER_ELSE: '1',
        OTHER: '1',
      }),
    ).toEqual([
      'warning: SOCIALPUB_PUBLC_URL is not a setting socialpub reads; it is ignored. Did you mean SOCIALPUB_PUBLIC_URL?',
      'warning: SOCIALPUB_WHATEVER_ELSE is not a setting socialpub reads; it is ignored.',
    ]);
  });
});

describe('SOCIALPUB_SIGNUP=closed', () => {
  it('the sign-up page and its POST say so (403), no account is made, and sign-in still works', async () => {
    const t = await testApp({ signup: 'closed' });
    try {
      const browser = new DashboardBrowser(t);
      const page = await browser.get('/dashboard/sign-up');
      expect(page.status).toBe(200);
      expect(browser.lastPage).toContain('Sign-up is closed on this server');
      const before = t.services.repos.accounts.count();
      // A token from the sign-in page, so the refusal is the closed page's and not the CSRF check's.
      await browser.get('/dashboard/sign-in');
      const posted = await browser.post('/dashboard/sign-up', {
        email: 'new@example.test',
        password: 'long-enough-password',
        plan: 'skilled',
      });
      expect(posted.status).toBe(403);
      expect(browser.lastPage).toContain('Sign-up is closed on this server');
      expect(t.services.repos.accounts.count()).toBe(before);
      // The sign-in page no longer offers the way that is closed.
      await browser.get('/dashboard/sign-in');
      expect(browser.lastPage).not.toContain('href="/dashboard/sign-up"');
      expect(browser.lastPage).toContain('The operator of this server creates them');
    } finally {
      await t.close();
    }
  });

  it('stays open by default', async () => {
    const t = await testApp();
    try {
      const browser = new DashboardBrowser(t);
      await browser.get('/dashboard/sign-in');
      expect(browser.lastPage).toContain('href="/dashboard/sign-up"');
      await browser.signUp('open@example.test');
      expect(t.services.repos.accounts.count()).toBe(1);
    } finally {
      await t.close();
    }
  });
});

describe('on a real listener', { timeout: 60_000 }, () => {
  let running: RunningServer | undefined;
  afterEach(async () => {
    await running?.close();
    running = undefined;
  });

  async function start(config: StartServerConfig): Promise<RunningServer> {
    running = await startServer(
      {
        memory: true,
        port: 0,
        host: '127.0.0.1',
        clock: 'virtual',
        passwordWorkFactor: TEST_PASSWORD_WORK_FACTOR,
        seedDemo: false,
        ...config,
      },
      () => undefined,
    );
    return running;
  }

  it('answers the public name with its port, its scheme’s default port or none; a 421 names what it got and what it answers to', async () => {
    const { port } = await start({ publicUrl: 'https://social.example.test:8443' });
    for (const host of ['social.example.test:8443', 'social.example.test', 'social.example.test:443']) {
      expect({ host, status: (await raw(port, '/health', { host })).status }).toEqual({ host, status: 200 });
    }
    const refused = await raw(port, '/health', { host: 'social.example.test:8080' });
    expect(refused.status).toBe(421);
    const message = (JSON.parse(refused.body) as { error: { message: string } }).error.message;
    expect(message).toContain('got the host "social.example.test:8080"');
    expect(message).toContain(
      `answers to social.example.test:8443, localhost:${port}, 127.0.0.1:${port}, [::1]:${port}`,
    );
    expect(message).toContain('proxy_set_header Host $http_host');
  });

  it('reads X-Forwarded-Host (and X-Forwarded-Proto’s default port) only from a trusted proxy', async () => {
    const headers = (forwardedHost: string, proto = 'https') => ({
      host: 'backend.internal:3000',
      'x-forwarded-host': forwardedHost,
      'x-forwarded-proto': proto,
    });
    const { port } = await start({ publicUrl: 'https://social.example.test:8443', trustProxy: { hops: 1 } });
    expect((await raw(port, '/health', headers('social.example.test'))).status).toBe(200);
    expect((await raw(port, '/health', headers('social.example.test:8443, proxy.internal'))).status).toBe(
      200,
    );
    // http's default port is not the public URL's.
    expect((await raw(port, '/health', headers('social.example.test', 'http'))).status).toBe(421);
    expect((await raw(port, '/health', headers('evil.example.test'))).status).toBe(421);
    await running?.close();

    const untrusted = await start({ publicUrl: 'https://social.example.test:8443' });
    expect((await raw(untrusted.port, '/health', headers('social.example.test'))).status).toBe(421);
  });

  it('SOCIALPUB_DEMO=off: a first start makes no demo account but makes and shows an admin token', async () => {
    const lines: string[] = [];
    running = await startServer(
      { memory: true, port: 0, host: '127.0.0.1', clock: 'virtual', demo: false },
      (line) => lines.push(line),
    );
    expect(running.socialpub.demo).toBeNull();
    expect(running.socialpub.services.repos.accounts.count()).toBe(0);
    const token = running.socialpub.generatedAdminToken;
    expect(token).toMatch(/^sp_admin_/);
    expect(lines.join('\n')).toContain(`admin token  ${token}`);
    const answer = await fetch(`${running.url}/admin/v1/accounts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'first@example.test', password: 'long-enough-1' }),
    });
    expect(answer.status).toBe(201);
  });

  it('SOCIALPUB_ADMIN_LISTEN: the admin API answers only on its own listener, and nothing else does there', async () => {
    const lines: string[] = [];
    running = await startServer(
      {
        memory: true,
        port: 0,
        host: '127.0.0.1',
        clock: 'virtual',
        seedDemo: false,
        adminToken: ADMIN_TOKEN,
        adminListen: { host: '127.0.0.1', port: 0 },
      },
      (line) => lines.push(line),
    );
    const adminPort = running.socialpub.services.adminListener.port as number;
    expect(lines).toContain(`  Admin API  http://127.0.0.1:${adminPort}/admin/v1`);
    expect(lines).toContain(`  Metrics    http://127.0.0.1:${adminPort}/metrics`);
    const auth = { authorization: `Bearer ${ADMIN_TOKEN}` };
    const onPublic = await raw(running.port, '/admin/v1/clock', {
      host: `127.0.0.1:${running.port}`,
      ...auth,
    });
    expect(onPublic.status).toBe(404);
    expect(onPublic.body).toContain('not_found');
    expect(
      (await raw(running.port, '/admin/openapi.yaml', { host: `127.0.0.1:${running.port}` })).status,
    ).toBe(404);
    const onAdmin = await raw(adminPort, '/admin/v1/clock', { host: `127.0.0.1:${adminPort}`, ...auth });
    expect(onAdmin.status).toBe(200);
    expect(
      (await raw(adminPort, '/admin/v1/clock', { host: `localhost:${adminPort}`, ...auth })).status,
    ).toBe(200);
    // The public API is not answered on the admin listener, and a foreign Host is still refused there.
    expect((await raw(adminPort, '/api/v2/accounts', { host: `127.0.0.1:${adminPort}` })).status).toBe(404);
    expect((await raw(adminPort, '/admin/v1/clock', { host: 'evil.example.test', ...auth })).status).toBe(
      421,
    );
    expect((await raw(adminPort, '/health', { host: `127.0.0.1:${adminPort}` })).status).toBe(200);
    expect((await raw(running.port, '/health', { host: `127.0.0.1:${running.port}` })).status).toBe(200);
  });
});
