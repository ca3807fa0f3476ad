import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:https';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CONNECTOR_TOOLS } from '@socialpub/core';
import { type RunningServer, startServer } from '@socialpub/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHROMIUM_PATH, launchChromium } from './helpers/browser.js';
import { createKeyInBrowser, profileWithNetworks, signUpInBrowser } from './helpers/dashboard-flows.js';
import { mp4Bytes, tempFile } from './helpers/media-fixtures.js';
import {
  freePort,
  makeCertificates,
  type RunningNginx,
  startNginx,
  type TestCertificates,
} from './helpers/nginx-proxy.js';
import { FROM_SOURCES, REPO_ROOT, runNode } from './helpers/run-node.js';
import { ADMIN_TOKEN } from './helpers/test-server.js';

// A team's server behind a real reverse proxy (team-server.md, "A team's server behind a
// proxy"): Debian's nginx terminating HTTPS with a certificate from a local CA, the configuration
// docs/team-server.md shows, SOCIALPUB_PUBLIC_URL=https://localhost:PORT and
// SOCIALPUB_TRUST_PROXY=1. Everything a member does goes through nginx.

const CLI = join(REPO_ROOT, 'packages/cli/dist/bin.js');
const HERE = dirname(fileURLToPath(import.meta.url));
const SDK_CHILD = join(HERE, 'helpers', 'sdk-publish-child.mjs');
const MCP_REMOTE = createRequire(import.meta.url).resolve('mcp-remote/dist/proxy.js');
const BROWSER = join(HERE, 'helpers', 'mcp-remote-browser.mjs');
const PASSWORD = 'long-enough-password';

let dir: string;
let certificates: TestCertificates;
let server: RunningServer;
let nginx: RunningNginx;
let publicUrl: string;

beforeAll(async () => {
  expect(existsSync(CHROMIUM_PATH), `Chromium is missing at ${CHROMIUM_PATH}`).toBe(true);
  expect(existsSync(CLI), `${CLI} is missing: build the CLI first (npm test builds every package)`).toBe(
    true,
  );
  dir = mkdtempSync(join(tmpdir(), 'socialpub-nginx-'));
  certificates = makeCertificates(dir);
  const port = await freePort();
  publicUrl = `https://localhost:${port}`;
  server = await startServer(
    {
      memory: true,
      port: 0,
      host: '127.0.0.1',
      clock: 'virtual',
      adminToken: ADMIN_TOKEN,
      seedDemo: false,
      publicUrl,
      trustProxy: { hops: 1 },
      passwordWorkFactor: 10,
    },
    () => undefined,
  );
  nginx = await startNginx({ dir, port, upstreamPort: server.port, certificates });
});

afterAll(async () => {
  await nginx?.close();
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** An HTTPS request through nginx trusting only the test CA, from `localAddress` (a member's machine). */
function viaProxy(
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string; localAddress?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = request(
      `${publicUrl}${path}`,
      {
        method: init.method ?? 'GET',
        headers: init.headers ?? {},
        ca: readFileSync(certificates.caPath),
        ...(init.localAddress ? { localAddress: init.localAddress } : {}),
      },
      (answer) => {
        let body = '';
        answer.setEncoding('utf8');
        answer.on('data', (chunk: string) => {
          body += chunk;
        });
        answer.on('end', () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body }));
      },
    );
    sent.on('error', reject);
    sent.end(init.body);
  });
}

const adminJson = async (method: string, path: string, body?: unknown) => {
  // Straight to the server's own listener: the operator's side, not a member's.
  const answer = await fetch(`http://127.0.0.1:${server.port}/admin/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await answer.json()) as Record<string, unknown>;
};

/** Node clients in their own processes trust the test CA through NODE_EXTRA_CA_CERTS. */
const clientEnv = (apiKey: string, configDir: string) => ({
  SOCIALPUB_API_KEY: apiKey,
  SOCIALPUB_BASE_URL: publicUrl,
  SOCIALPUB_CONFIG_DIR: configDir,
  NODE_EXTRA_CA_CERTS: certificates.caPath,
});

describe('behind nginx with HTTPS', () => {
  it('answers /health through the proxy’s usual `Host $host` (no port) and names the public URL in /openapi.yaml', async () => {
    const health = await viaProxy('/health');
    expect(health.status, nginx.errors()).toBe(200);
    const document = await viaProxy('/openapi.yaml');
    expect(document.status).toBe(200);
    expect(document.body).toContain(`url: ${publicUrl}`);
    expect(document.body).not.toContain(`127.0.0.1:${server.port}`);
  });

  let apiKey = '';
  let profileId = '';

  it('signs up and in through Chromium with Secure cookies, makes a key; the SDK and the CLI publish with it', async () => {
    // Chromium trusts exactly the test certificate's key.
    const browser = await launchChromium([`--ignore-certificate-errors-spki-list=${certificates.spki}`]);
    try {
      const context = await browser.newContext({ baseURL: publicUrl });
      const page = await context.newPage();
      await signUpInBrowser(page, 'member@example.test');
      const cookies = await context.cookies(publicUrl);
      const session = cookies.find((cookie) => cookie.name === 'sp_session');
      expect(session).toMatchObject({ secure: true, httpOnly: true });
      await profileWithNetworks(page, 'Team brand', ['linkedin']);
      apiKey = await createKeyInBrowser(page, 'ci');
      // Signed out, then in again through the sign-in form.
      await context.clearCookies();
      await page.goto('/dashboard/sign-in');
      await page.getByLabel('Email').fill('member@example.test');
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
      expect(new URL(page.url()).origin).toBe(publicUrl);
    } finally {
      await browser.close();
    }
    const accounts = await viaProxy('/api/v2/accounts', { headers: { authorization: `Bearer ${apiKey}` } });
    expect(accounts.status).toBe(200);
    profileId =
      (JSON.parse(accounts.body) as { data: Array<{ profile_id: string }> }).data[0]?.profile_id ?? '';
    expect(profileId).not.toBe('');

    const configDir = mkdtempSync(join(dir, 'sdk-'));
    const sdk = await runNode([...FROM_SOURCES, SDK_CHILD], {
      ...clientEnv(apiKey, configDir),
      PUBLISH_PROFILE: profileId,
      PUBLISH_TEXT: 'From the SDK behind nginx',
    });
    expect(sdk.code, sdk.stderr).toBe(0);
    const published = JSON.parse(sdk.stdout) as { kind: string; body: { service: { status_url: string } } };
    expect(published.kind).toBe('published');
    expect(published.body.service.status_url.startsWith(`${publicUrl}/api/v2/posts/`)).toBe(true);

    // One post per network every 20 seconds: the virtual clock moves past it.
    await adminJson('POST', '/clock', { advance_seconds: 21 });
    const cli = await runNode(
      [
        CLI,
        'posts',
        'create',
        '--profile',
        profileId,
        '--platform',
        'linkedin',
        '--text',
        'From the CLI behind nginx',
        '--json',
      ],
      clientEnv(apiKey, configDir),
    );
    expect(cli.code, cli.stderr).toBe(0);
    expect(JSON.parse(cli.stdout)).toMatchObject({
      service: { status_url: expect.stringContaining(publicUrl) },
    });

    // The request log names the member's address as nginx forwarded it, not nginx's own socket only.
    const log = (await adminJson('GET', '/requests?limit=5')) as { data: Array<{ client_address: string }> };
    expect(log.data.every((entry) => entry.client_address === '127.0.0.1')).toBe(true);
  });

  it('resumes a CLI upload through the proxy after the first run stopped part way', async () => {
    expect(apiKey).not.toBe('');
    const configDir = mkdtempSync(join(dir, 'upload-'));
    const file = await tempFile('behind-nginx.mp4', mp4Bytes(14 * 1024 * 1024));
    const uploads = server.socialpub.services.uploadLinks;
    // The first piece is stored; every later one waits at the storage until the first run is stopped.
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let patches = 0;
    Object.defineProperty(uploads, 'storagePatchGate', {
      configurable: true,
      get: () => (patches++ === 0 ? undefined : gate),
    });
    try {
      let child: ChildProcess | undefined;
      const running = runNode(
        [CLI, 'media', 'upload', file.path, '--no-progress'],
        clientEnv(apiKey, configDir),
        { timeoutMs: 120_000, onSpawn: (spawned) => (child = spawned) },
      );
      await vi.waitFor(() => expect(patches).toBeGreaterThan(1), { timeout: 90_000, interval: 20 });
      child?.kill('SIGINT');
      const first = await running;
      expect(first.code, first.stderr).toBe(130);
      const stoppedAt = /Stopped at ([\d,]+) of/.exec(first.stderr)?.[1];
      expect(stoppedAt, first.stderr).toBeDefined();
      const partial = { bytes_sent: Number(stoppedAt?.replaceAll(',', '')) };
      expect(partial.bytes_sent).toBeGreaterThan(0);
      expect(partial.bytes_sent).toBeLessThan(file.bytes.length);
      delete (uploads as { storagePatchGate?: unknown }).storagePatchGate;
      uploads.storagePatchGate = undefined;
      release();
      const saved = JSON.parse(readFileSync(join(configDir, 'uploads.json'), 'utf8')) as Record<
        string,
        { file_id: string }
      >;
      const fileId = Object.values(saved)[0]?.file_id ?? '';
      await vi.waitFor(() => expect(uploads.storage.isLocked(fileId)).toBe(false), {
        timeout: 60_000,
        interval: 20,
      });
      const second = await runNode(
        [CLI, 'media', 'upload', file.path, '--no-progress'],
        clientEnv(apiKey, configDir),
        { timeoutMs: 120_000 },
      );
      const done = JSON.parse(second.stdout.trim().split('\n').at(-1) ?? '{}') as {
        state: string;
        file_id: string;
        bytes_sent: number;
      };
      expect(done, second.stderr).toMatchObject({ state: 'done', exit_code: 0 });
      // The second run sent only what was missing.
      expect(done.bytes_sent).toBeLessThanOrEqual(file.bytes.length - partial.bytes_sent);
      const library = await viaProxy('/api/v2/media/files', {
        headers: { authorization: `Bearer ${apiKey}` },
      });
      expect(library.body).toContain(done.file_id);
    } finally {
      release();
      delete (uploads as { storagePatchGate?: unknown }).storagePatchGate;
      uploads.storagePatchGate = undefined;
      await file.remove();
    }
  });

  it('runs mcp-remote’s whole OAuth flow through the proxy', async () => {
    const folder = mkdtempSync(join(dir, 'mcp-remote-'));
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [MCP_REMOTE, `${publicUrl}/mcp`, '--auth-timeout', '90'],
      env: {
        PATH: process.env['PATH'] ?? '',
        HOME: folder,
        NODE_EXTRA_CA_CERTS: certificates.caPath,
        MCP_REMOTE_CONFIG_DIR: join(folder, 'mcp-auth'),
        BROWSER,
        SOCIALPUB_BROWSER_LOG: join(folder, 'browser.jsonl'),
        SOCIALPUB_BROWSER_CHOICES: 'post',
        SOCIALPUB_BROWSER_EMAIL: 'member@example.test',
        SOCIALPUB_BROWSER_PASSWORD: PASSWORD,
        SOCIALPUB_BROWSER_SPKI: certificates.spki,
      },
      stderr: 'pipe',
    });
    let proxyLog = '';
    transport.stderr?.on('data', (chunk: Buffer) => {
      proxyLog += chunk.toString();
    });
    const client = new Client({ name: 'desktop-app', version: '1.0.0' });
    try {
      await client.connect(transport);
      const runs = () => {
        const log = join(folder, 'browser.jsonl');
        return existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : [];
      };
      await vi.waitFor(() => expect(runs(), proxyLog).toHaveLength(1), { timeout: 60_000, interval: 200 });
      const run = JSON.parse(runs()[0] ?? '{}') as { url: string; signedIn: boolean; error: string | null };
      expect(run, proxyLog).toMatchObject({ signedIn: true, error: null });
      expect(new URL(run.url).origin).toBe(publicUrl);
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual([...CONNECTOR_TOOLS].sort());
      await adminJson('POST', '/clock', { advance_seconds: 21 });
      const published = await client.callTool({
        name: 'service_publish_post',
        arguments: {
          content: { text: 'Through mcp-remote behind nginx' },
          places: [{ accountId: profileId, platform: 'linkedin' }],
        },
      });
      expect(published.isError, JSON.stringify(published)).toBeFalsy();
    } finally {
      await client.close().catch(() => undefined);
      await transport.close().catch(() => undefined);
    }
  });

  it('keeps one member’s refusals to that member: AI-app registrations counted per forwarded address', async () => {
    const register = (localAddress: string) =>
      viaProxy('/oauth/register', {
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          redirect_uris: ['http://127.0.0.1:9/callback'],
          client_name: `App of ${localAddress}`,
        }),
      });
    // Two members' machines: two loopback addresses, one nginx in front of the server.
    let statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await register('127.0.0.2')).status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(statuses.indexOf(429));
    expect(statuses.at(-1)).toBe(429);
    statuses = [(await register('127.0.0.3')).status];
    expect(statuses).toEqual([201]);
    const log = (await adminJson('GET', '/requests?limit=2')) as {
      data: Array<{ path: string; status: number; client_address: string }>;
    };
    expect(log.data).toEqual([
      expect.objectContaining({ path: '/oauth/register', status: 201, client_address: '127.0.0.3' }),
      expect.objectContaining({ path: '/oauth/register', status: 429, client_address: '127.0.0.2' }),
    ]);
  });
});
