import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../src/start-server.js';
import { checkAnswer } from '../contract/openapi-answers.js';
import {
  authorizationUrl,
  codeFor,
  connectApp,
  type OAuthTestServer,
  pkcePair,
  register,
  startOAuthServer,
} from './oauth-helpers.js';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request to the listener on 127.0.0.1 with the Host header a client (or an attacker's page) sends. */
function raw(
  port: number,
  path: string,
  headers: Record<string, string>,
  method = 'GET',
  body?: string,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const sent = request({ host: '127.0.0.1', port, path, method, headers }, (answer) => {
      let text = '';
      answer.setEncoding('utf8');
      answer.on('data', (chunk: string) => {
        text += chunk;
      });
      answer.on('end', () =>
        resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body: text }),
      );
    });
    sent.on('error', reject);
    sent.end(body);
  });
}

const mcpList = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
const mcpHeaders = (host: string, token?: string) => ({
  host,
  ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-06-18',
});

// Real listeners on a shared machine: generous per-test time.
describe('without SOCIALPUB_PUBLIC_URL: the loopback names on the listener’s port', {
  timeout: 30_000,
}, () => {
  let server: OAuthTestServer;
  let port: number;
  beforeAll(async () => {
    server = await startOAuthServer();
    port = server.running.port;
  });
  afterAll(async () => {
    await server.close();
  });

  it.each(['localhost', '127.0.0.1', '[::1]'])(
    'answers the discovery documents and the 401 challenge of /mcp in the name %s',
    async (name) => {
      const base = `http://${name}:${port}`;
      const resource = await raw(port, '/.well-known/oauth-protected-resource/mcp', {
        host: `${name}:${port}`,
      });
      expect(resource.status).toBe(200);
      expect(JSON.parse(resource.body)).toMatchObject({
        resource: `${base}/mcp`,
        authorization_servers: [base],
      });
      const metadata = JSON.parse(
        (await raw(port, '/.well-known/oauth-authorization-server', { host: `${name}:${port}` })).body,
      );
      expect(metadata).toMatchObject({
        issuer: base,
        authorization_endpoint: `${base}/oauth/authorize`,
        token_endpoint: `${base}/oauth/token`,
        registration_endpoint: `${base}/oauth/register`,
      });
      const challenge = await raw(port, '/mcp', mcpHeaders(`${name}:${port}`), 'POST', mcpList);
      expect(challenge.status).toBe(401);
      expect(challenge.headers['www-authenticate']).toBe(
        `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/mcp", scope="socialpub:read socialpub:post"`,
      );
    },
  );

  it('takes a sign-in that asked for the localhost resource, and its token works under every loopback name', async () => {
    const { body } = await register(server);
    const clientId = body.client_id as string;
    const { challenge } = pkcePair();
    const asked = new URL(
      authorizationUrl(server, clientId, challenge, { resource: `http://localhost:${port}/mcp` }),
    );
    const handed = await raw(port, `${asked.pathname}${asked.search}`, { host: `localhost:${port}` });
    expect(handed.status).toBe(302);
    expect(String(handed.headers.location)).toMatch(/^\/dashboard\/consent\?/);

    const { tokens } = await connectApp(server);
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) {
      const answer = await raw(port, '/mcp', mcpHeaders(host, tokens.access_token), 'POST', mcpList);
      expect(answer.status, host).toBe(200);
    }
  });

  it('refuses a resource under another port or name at the authorization endpoint', async () => {
    const { body } = await register(server);
    const { challenge } = pkcePair();
    // Errors go to the redirect URI only of a client someone consented to.
    await codeFor(server, body.client_id as string, ['socialpub:read'], challenge);
    for (const resource of [`http://localhost:${port + 1}/mcp`, `http://evil.example:${port}/mcp`]) {
      const answer = await fetch(
        authorizationUrl(server, body.client_id as string, challenge, { resource }),
        {
          redirect: 'manual',
        },
      );
      expect(new URL(answer.headers.get('location') ?? '').searchParams.get('error')).toBe('invalid_target');
    }
  });

  it.each([
    ['a name that resolves to 127.0.0.1 (DNS rebinding)', (p: number) => `attacker.example:${p}`],
    ['a loopback name on another port', (p: number) => `localhost:${p + 1}`],
    ['localhost without a port (port 80)', () => 'localhost'],
    ['localhost with a trailing dot', (p: number) => `localhost.:${p}`],
  ])('answers 421 misdirected_request to %s on every address, and runs nothing', async (_case, host) => {
    for (const path of [
      '/health',
      '/mcp',
      '/.well-known/oauth-authorization-server',
      '/dashboard',
      '/api/v2/accounts',
    ]) {
      const answer = await raw(port, path, { host: host(port) });
      expect(answer.status, path).toBe(421);
      expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'misdirected_request' } });
    }
  });
});

describe('with SOCIALPUB_PUBLIC_URL set', { timeout: 30_000 }, () => {
  let running: RunningServer;
  beforeAll(async () => {
    running = await startServer(
      {
        memory: true,
        port: 0,
        host: '127.0.0.1',
        clock: 'virtual',
        publicUrl: 'https://social.example.test',
      },
      () => undefined,
    );
  });
  afterAll(async () => {
    await running.close();
  });

  it.each(['social.example.test', 'social.example.test:443'])(
    'answers the public host %s in its own name',
    async (host) => {
      const answer = await raw(running.port, '/.well-known/oauth-authorization-server', { host });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toMatchObject({ issuer: 'https://social.example.test' });
    },
  );

  it('answers the loopback names on the listener’s port, naming only the public URL', async () => {
    const answer = await raw(running.port, '/.well-known/oauth-protected-resource/mcp', {
      host: `localhost:${running.port}`,
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ resource: 'https://social.example.test/mcp' });
  });

  it('answers 421 to any other host', async () => {
    const answer = await raw(running.port, '/health', { host: 'other.example.test' });
    expect(answer.status).toBe(421);
  });
});

describe('with SOCIALPUB_STORAGE_URL naming another host', { timeout: 30_000 }, () => {
  let running: RunningServer;
  beforeAll(async () => {
    running = await startServer(
      {
        memory: true,
        port: 0,
        host: '127.0.0.1',
        clock: 'virtual',
        storageUrl: 'http://uploads.example.test:8080',
      },
      () => undefined,
    );
  });
  afterAll(async () => {
    await running.close();
  });

  it('answers the storage host (a proxy in front of the upload endpoint forwards under it)', async () => {
    const answer = await raw(running.port, '/health', { host: 'uploads.example.test:8080' });
    expect(answer.status).toBe(200);
  });

  it('answers 421 to the storage host on another port, and to any other host', async () => {
    for (const host of ['uploads.example.test', 'uploads.example.test:8081', 'other.example.test']) {
      const answer = await raw(running.port, '/health', { host });
      expect({ host, status: answer.status }).toEqual({ host, status: 421 });
    }
  });
});

describe('421 on addresses whose own errors take another body', { timeout: 30_000 }, () => {
  let running: RunningServer;
  beforeAll(async () => {
    running = await startServer(
      { memory: true, port: 0, host: '127.0.0.1', clock: 'virtual' },
      () => undefined,
    );
  });
  afterAll(async () => {
    await running.close();
  });

  // Media import and upload-link addresses answer in their own error bodies: the OpenAPI document
  // must describe the 421 in each of them.
  it.each([
    ['POST', '/api/v2/media'],
    ['GET', '/api/v2/media'],
    ['POST', '/api/v2/media/uploads'],
    ['POST', '/api/v2/media/uploads/00000000-0000-4000-8000-000000000000/complete'],
    ['PATCH', '/storage/uploads/00000000-0000-4000-8000-000000000000'],
  ])('%s %s answers 421 as the OpenAPI document describes', async (method, path) => {
    const answer = await raw(running.port, path, { host: 'other.example.test' }, method);
    expect(answer.status).toBe(421);
    expect(answer.body).toContain('misdirected_request');
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (typeof value === 'string') headers.set(name, value);
    }
    expect(checkAnswer({ method, path, status: answer.status, headers, body: answer.body })).toEqual([]);
  });
});
