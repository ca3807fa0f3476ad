import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import {
  Client as ClientV2,
  StreamableHTTPClientTransport as TransportV2,
} from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { ConnectorScope } from '@socialpub/core';
import type { CreateAppOptions } from '../../src/app.js';
import type { AccessTokenVerifier, SignedInCaller } from '../../src/mcp/access-tokens.js';
import { type TestApp, testApp } from './test-app.js';

/** Stands in for the oauth area's verifier: tokens handed out by the test itself. */
export class TestAccessTokens implements AccessTokenVerifier {
  readonly #tokens = new Map<string, SignedInCaller>();
  #next = 0;

  issue(accountId: string, scopes: readonly ConnectorScope[]): string {
    this.#next += 1;
    const token = `test-access-token-${this.#next}`;
    this.#tokens.set(token, {
      kind: 'grant',
      accountId,
      grantId: `grant-${this.#next}`,
      clientId: 'test-app',
      scopes,
    });
    return token;
  }

  revoke(token: string): void {
    this.#tokens.delete(token);
  }

  verify(token: string): SignedInCaller | null {
    return this.#tokens.get(token) ?? null;
  }
}

export interface McpTestServer {
  t: TestApp;
  url: string;
  tokens: TestAccessTokens;
  close(): Promise<void>;
}

/** The app behind a real listener on 127.0.0.1, port 0, with a test access-token verifier. */
export async function mcpTestServer(options: CreateAppOptions = {}): Promise<McpTestServer> {
  const tokens = new TestAccessTokens();
  const t = await testApp({ accessTokens: tokens, ...options });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  t.services.urls.base = url;
  t.services.urls.storage = url;
  return {
    t,
    url,
    tokens,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await t.close();
    },
  };
}

/** `v2-modern` pins protocol revision 2026-07-28; `v2` and `v1` speak the 2025 revisions. */
export type ClientKind = 'v2' | 'v2-modern' | 'v1';

/** A real MCP client of either generation (the v2 packages, or the 1.x SDK most apps embed). */
export interface AnyClient {
  listTools(): Promise<{ tools: Array<{ name: string; annotations?: Record<string, unknown> | undefined }> }>;
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

export async function connectClient(kind: ClientKind, url: string, token: string): Promise<AnyClient> {
  const headers = { authorization: `Bearer ${token}` };
  if (kind === 'v2' || kind === 'v2-modern') {
    const client = new ClientV2(
      { name: 'test-v2', version: '1.0.0' },
      kind === 'v2-modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
    );
    await client.connect(new TransportV2(new URL(`${url}/mcp`), { requestInit: { headers } }));
    return client as unknown as AnyClient;
  }
  const client = new ClientV1({ name: 'test-v1', version: '1.0.0' });
  await client.connect(new TransportV1(new URL(`${url}/mcp`), { requestInit: { headers } }));
  return client as unknown as AnyClient;
}

/** The JSON body a tool answered (structured content, or the text of a tool error). */
export function toolBody(result: Record<string, unknown>): Record<string, unknown> {
  if (result['structuredContent'] && !result['isError'])
    return result['structuredContent'] as Record<string, unknown>;
  const [first] = result['content'] as Array<{ text: string }>;
  return JSON.parse(first?.text ?? '{}') as Record<string, unknown>;
}

/** One JSON-RPC POST to `/mcp` with a bearer, read as text: for tests that check the raw answer. */
export async function postMcpRaw(
  url: string,
  bearer: string,
  body: unknown,
): Promise<{ status: number; type: string | null; text: string }> {
  const res = await fetch(`${url}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
      authorization: `Bearer ${bearer}`,
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}
