import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CONNECTOR_TOOLS } from '@socialpub/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHROMIUM_PATH } from './helpers/browser.js';
import { callApi } from './helpers/dashboard-flows.js';
import { TestServer } from './helpers/test-server.js';

const PROXY = createRequire(import.meta.url).resolve('mcp-remote/dist/proxy.js');
const BROWSER = join(dirname(fileURLToPath(import.meta.url)), 'helpers', 'mcp-remote-browser.mjs');

interface BrowserRun {
  url: string;
  choice: string;
  signedIn: boolean;
  signedUp?: boolean;
  preselected: 'read' | 'post' | null;
  notice: string | null;
  landed: string | null;
  error: string | null;
}

interface Started {
  server: TestServer;
  transport: StdioClientTransport;
  client: Client;
  folder: string;
}

let started: Started | undefined;
afterEach(async () => {
  // Only what this test started: the MCP client closes its mcp-remote child (by its own pid).
  await started?.client.close().catch(() => undefined);
  await started?.transport.close().catch(() => undefined);
  await started?.server.close();
  if (started) rmSync(started.folder, { recursive: true, force: true });
  started = undefined;
});

/**
 * The browser runs so far, once `count` have written their line: the app may finish its exchange
 * before the browser script has closed Chromium and written what it saw.
 */
async function browserRunsWhen(folder: string, count: number, proxyLog: () => string): Promise<BrowserRun[]> {
  await vi.waitFor(() => expect(browserRuns(folder), proxyLog()).toHaveLength(count), {
    timeout: 30_000,
    interval: 100,
  });
  return browserRuns(folder);
}

function browserRuns(folder: string): BrowserRun[] {
  const log = join(folder, 'browser.jsonl');
  if (!existsSync(log)) return [];
  return readFileSync(log, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as BrowserRun);
}

/** The access and refresh tokens mcp-remote keeps in its folder (MCP_REMOTE_CONFIG_DIR). */
function savedTokens(folder: string): { access_token: string; refresh_token?: string } {
  const files: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(at, entry.name));
      else if (entry.name.endsWith('_tokens.json')) files.push(join(at, entry.name));
    }
  };
  walk(folder);
  const [file] = files;
  if (!file) throw new Error(`mcp-remote saved no tokens under ${folder}`);
  return JSON.parse(readFileSync(file, 'utf8')) as { access_token: string; refresh_token?: string };
}

/**
 * mcp-remote for `serverUrl` in its own folder, with the BROWSER script answering its sign-in as
 * `browser` says; an MCP client of the 1.x SDK talks to it over stdio. Not connected yet.
 */
function startMcpRemote(server: TestServer, serverUrl: string, browser: Record<string, string>) {
  const folder = mkdtempSync(join(tmpdir(), 'socialpub-mcp-remote-'));
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [PROXY, serverUrl, '--auth-timeout', '90'],
    env: {
      PATH: process.env['PATH'] ?? '',
      HOME: folder,
      MCP_REMOTE_CONFIG_DIR: join(folder, 'mcp-auth'),
      BROWSER,
      SOCIALPUB_BROWSER_LOG: join(folder, 'browser.jsonl'),
      ...browser,
    },
    stderr: 'pipe',
  });
  let log = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  const client = new Client({ name: 'desktop-app', version: '1.0.0' });
  started = { server, transport, client, folder };
  return { folder, client, transport, proxyLog: () => log };
}

function structured(result: unknown): Record<string, unknown> {
  const value = result as { structuredContent?: Record<string, unknown>; content?: Array<{ text?: string }> };
  return value.structuredContent ?? (JSON.parse(value.content?.[0]?.text ?? '{}') as Record<string, unknown>);
}

/**
 * mcp-remote (the stdio proxy desktop apps put in front of a remote server) runs the whole remote
 * flow against a real server: discovery from the 401, registration, the browser sign-in and consent
 * in headless Chromium (its BROWSER script), the code exchange, tools/list, a publish, the step-up
 * from Read-only, and the refresh after the virtual clock passes the access token's hour. An MCP
 * client of the 1.x SDK talks to mcp-remote over stdio, as a desktop app does.
 */
describe.each(['localhost', '127.0.0.1'])('mcp-remote against http://%s:PORT/mcp', (name) => {
  it('connects on the first try, steps up from Read-only to publish, and refreshes after the hour', async () => {
    expect(existsSync(CHROMIUM_PATH), `Chromium is missing at ${CHROMIUM_PATH}`).toBe(true);
    const server = await TestServer.start();
    const { folder, client, transport, proxyLog } = startMcpRemote(
      server,
      `http://${name}:${server.running.port}/mcp`,
      {
        // First sign-in: the person allows Read-only; the step-up: Allow on what the page preselects.
        SOCIALPUB_BROWSER_CHOICES: 'read,preselected',
        SOCIALPUB_BROWSER_EMAIL: 'demo@example.com',
        SOCIALPUB_BROWSER_PASSWORD: 'demo-password',
      },
    );

    await client.connect(transport);
    const first = await browserRunsWhen(folder, 1, proxyLog);
    expect(first[0]).toMatchObject({ signedIn: true, choice: 'read', error: null });
    // The sign-in address is in the name the app was configured with, and so is everything after it.
    expect(new URL(first[0]?.url ?? '').hostname).toBe(name === 'localhost' ? 'localhost' : '127.0.0.1');

    // A read-only app is offered all seventeen tools.
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([...CONNECTOR_TOOLS].sort());
    const readOnlyToken = savedTokens(folder).access_token;

    // Publishing needs Read and post: the 403 scope challenge sends the person to the consent page
    // again, which preselects Read and post and says why; then the call is sent again and publishes.
    const { brand } = await server.demoProfiles();
    const published = await client.callTool({
      name: 'service_publish_post',
      arguments: {
        content: { text: `Through mcp-remote on ${name}` },
        places: [{ accountId: brand.profile_id, platform: 'linkedin' }],
      },
    });
    const runs = await browserRunsWhen(folder, 2, proxyLog);
    // Each BROWSER run is a fresh Chromium profile, so the person signs in again.
    expect(runs[1]).toMatchObject({ preselected: 'post', signedIn: true, error: null });
    expect(runs[1]?.notice).toMatch(/asks to post/);
    const [place] = structured(published)['places'] as Array<{ answer: { service: { post_id: string } } }>;
    const postId = place?.answer.service.post_id ?? '';
    const rest = await callApi(server, server.apiKey, 'GET', `/api/v2/posts/${postId}`);
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ id: postId, platform: 'linkedin', status: 'success' });
    const steppedUp = savedTokens(folder);
    expect(steppedUp.access_token).not.toBe(readOnlyToken);
    expect(server.running.socialpub.services.accessTokens.verify(steppedUp.access_token)?.scopes).toEqual([
      'socialpub:read',
      'socialpub:post',
    ]);

    // The SDK judges expiry by the real clock, so the hour passes on the server's virtual clock and
    // the expiry is checked there: the old token is refused, mcp-remote refreshes and goes on.
    await server.advance(3601);
    expect(server.running.socialpub.services.accessTokens.verify(steppedUp.access_token)).toBeNull();
    const usage = await client.callTool({ name: 'service_get_usage', arguments: {} });
    expect(usage.isError).toBeFalsy();
    expect(structured(usage)).toMatchObject({ plan: 'skilled' });
    const refreshed = savedTokens(folder);
    expect(refreshed.access_token).not.toBe(steppedUp.access_token);
    expect(refreshed.refresh_token).not.toBe(steppedUp.refresh_token);
    expect(server.running.socialpub.services.accessTokens.verify(refreshed.access_token)).not.toBeNull();
    // No third sign-in: the refresh needed no browser.
    expect(browserRuns(folder)).toHaveLength(2);
  }, 300_000);
});

/**
 * A person with no account yet: the app's sign-in leads to the sign-in page, they follow Sign up,
 * create an account, and continue to the consent page they came from; the app gets its tokens.
 */
describe('mcp-remote for a person who has no account yet', () => {
  it('signs up in the middle of the sign-in and connects the app to the new account', async () => {
    expect(existsSync(CHROMIUM_PATH), `Chromium is missing at ${CHROMIUM_PATH}`).toBe(true);
    const server = await TestServer.start();
    const { folder, client, transport, proxyLog } = startMcpRemote(
      server,
      `http://127.0.0.1:${server.running.port}/mcp`,
      {
        SOCIALPUB_BROWSER_CHOICES: 'post',
        SOCIALPUB_BROWSER_SIGN_UP: '1',
        SOCIALPUB_BROWSER_EMAIL: 'newcomer@example.com',
        SOCIALPUB_BROWSER_PASSWORD: 'newcomer-password',
      },
    );

    await client.connect(transport);
    const [run] = await browserRunsWhen(folder, 1, proxyLog);
    expect(run).toMatchObject({ signedUp: true, choice: 'post', error: null });
    // The app acts for the account just created, not for anyone else.
    const usage = await client.callTool({ name: 'service_get_usage', arguments: {} });
    expect(usage.isError).toBeFalsy();
    const token = server.running.socialpub.services.accessTokens.verify(savedTokens(folder).access_token);
    const account = server.running.socialpub.services.repos.accounts.findByEmail('newcomer@example.com');
    expect(account).not.toBeNull();
    expect(token?.accountId).toBe(account?.id);
  }, 300_000);
});
