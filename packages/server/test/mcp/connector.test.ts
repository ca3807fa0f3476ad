import { CONNECTOR_CHANGE_TOOLS, CONNECTOR_TOOLS } from '@socialpub/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type ClientKind,
  connectClient,
  type McpTestServer,
  mcpTestServer,
  toolBody,
} from '../helpers/mcp.js';
import { fixture } from '../helpers/publishing.js';
import { tableCounts } from '../helpers/test-app.js';

let s: McpTestServer;
beforeEach(async () => {
  s = await mcpTestServer();
});
afterEach(async () => {
  await s.close();
});

const CLIENTS: ClientKind[] = ['v2', 'v2-modern', 'v1'];

describe.each(CLIENTS)('the connector with the %s client', (kind) => {
  it('lists exactly the seventeen tools to a read-and-post grant and publishes a post REST reads back', async () => {
    const f = await fixture(s.t);
    const client = await connectClient(kind, s.url, s.tokens.issue(f.accountId, ['socialpub:post']));
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...CONNECTOR_TOOLS].sort());

    const result = await client.callTool({
      name: 'service_publish_post',
      arguments: {
        content: { text: 'Hello from an AI app' },
        places: [{ accountId: f.profileId, platform: 'linkedin' }],
      },
    });
    expect(result['isError']).toBeFalsy();
    const [place] = (
      toolBody(result) as { places: Array<{ http_status: number; answer: { service: { post_id: string } } }> }
    ).places;
    expect(place?.http_status).toBe(200);
    const postId = place?.answer.service.post_id as string;
    const rest = await s.t.api('GET', `/api/v2/posts/${postId}`, f.apiKey);
    expect(rest.status).toBe(200);
    expect(await rest.json()).toMatchObject({
      id: postId,
      kind: 'post',
      platform: 'linkedin',
      status: 'success',
    });
    await client.close();
  });

  it('offers the older three tools to a paid plan’s API key', async () => {
    const f = await fixture(s.t);
    const client = await connectClient(kind, s.url, f.apiKey);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual([
      'server_info',
      'create_post',
      'import_media',
    ]);
    const info = toolBody(await client.callTool({ name: 'server_info', arguments: {} }));
    expect(info).toMatchObject({ name: 'socialpub', plan: 'skilled' });
    await client.close();
  });

  it('lists all seventeen tools to a read-only grant (its changes are refused when called)', async () => {
    const f = await fixture(s.t);
    const client = await connectClient(kind, s.url, s.tokens.issue(f.accountId, ['socialpub:read']));
    expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual([...CONNECTOR_TOOLS].sort());
    await client.close();
  });
});

/** A raw JSON-RPC POST to /mcp, as a 2025-era client sends it (no session needed: stateless). */
async function rpc(token: string | null, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${s.url}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const call = (name: string, args: Record<string, unknown> = {}, id = 1) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});

describe('/mcp transport rules', () => {
  it.each(CONNECTOR_CHANGE_TOOLS)(
    'refuses %s to a read-only grant with 403 insufficient_scope and changes nothing',
    async (tool) => {
      const f = await fixture(s.t);
      const token = s.tokens.issue(f.accountId, ['socialpub:read']);
      const before = tableCounts(s.t);
      const res = await rpc(
        token,
        call(tool, { content: { text: 'x' }, places: [{ accountId: f.profileId, platform: 'x' }] }),
      );
      expect(res.status).toBe(403);
      const challenge = res.headers.get('www-authenticate') ?? '';
      expect(challenge).toMatch(
        /^Bearer error="insufficient_scope", scope="socialpub:read socialpub:post", resource_metadata=/,
      );
      expect(challenge).toContain(`resource_metadata="${s.url}/.well-known/oauth-protected-resource/mcp"`);
      expect(tableCounts(s.t)).toEqual(before);
    },
  );

  it('refuses a batch that hides a change tool behind a read', async () => {
    const f = await fixture(s.t);
    const token = s.tokens.issue(f.accountId, ['socialpub:read']);
    const res = await rpc(token, [
      call('service_list_accounts', {}, 1),
      call('service_cancel_scheduled_post', { scheduled_post_id: f.profileId }, 2),
    ]);
    expect(res.status).toBe(403);
  });

  it('answers 401 with the resource metadata challenge without a token or with an unknown one', async () => {
    const none = await rpc(null, call('service_list_accounts'));
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${s.url}/.well-known/oauth-protected-resource/mcp", scope="socialpub:read socialpub:post"`,
    );
    const unknown = await rpc('not-a-token', call('service_list_accounts'));
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  it('refuses a token in the query string even with a valid header', async () => {
    const f = await fixture(s.t);
    const res = await fetch(`${s.url}/mcp?access_token=${f.apiKey}`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(400);
    expect(await res.text()).not.toContain(f.apiKey);
  });

  it('refuses a Free account’s API key and its grant, saying the connector needs a paid plan', async () => {
    const f = await fixture(s.t, { plan: 'free', x_addon: false });
    for (const token of [f.apiKey, s.tokens.issue(f.accountId, ['socialpub:post'])]) {
      const res = await rpc(token, call('service_list_accounts'));
      expect(res.status).toBe(403);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('plan_required');
      expect(body.error.message).toMatch(/connector needs a paid plan/);
    }
  });

  it.each([
    ['a foreign site', 'https://evil.example', 403],
    ['a loopback page', 'http://localhost:5173', 200],
    ['no Origin', undefined, 200],
  ])('answers %s with %s', async (_name, origin, status) => {
    const f = await fixture(s.t);
    const res = await rpc(f.apiKey, call('server_info'), origin === undefined ? {} : { origin });
    expect(res.status).toBe(status);
  });

  it('answers 413 to a body over 1 MiB and never runs the tool', async () => {
    const f = await fixture(s.t);
    const before = tableCounts(s.t);
    const res = await rpc(
      f.apiKey,
      call('create_post', {
        content: { text: 'x'.repeat(1_100_000) },
        places: [{ accountId: f.profileId, platform: 'x' }],
      }),
    );
    expect(res.status).toBe(413);
    expect(tableCounts(s.t)).toEqual(before);
  });

  it('answers 413 to a chunked body (no Content-Length) over 1 MiB, and reads one within the limit', async () => {
    const f = await fixture(s.t);
    const before = tableCounts(s.t);
    const chunked = (text: string) => {
      const bytes = new TextEncoder().encode(text);
      return new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < bytes.length; at += 64 * 1024)
            controller.enqueue(bytes.slice(at, at + 64 * 1024));
          controller.close();
        },
      });
    };
    const send = (text: string) =>
      fetch(`${s.url}/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-06-18',
          authorization: `Bearer ${f.apiKey}`,
        },
        body: chunked(text),
        duplex: 'half',
      } as RequestInit);
    const over = JSON.stringify(
      call('create_post', {
        content: { text: 'x'.repeat(1_100_000) },
        places: [{ accountId: f.profileId, platform: 'x' }],
      }),
    );
    const refused = await send(over);
    expect(refused.status).toBe(413);
    expect(tableCounts(s.t)).toEqual(before);
    const within = await send(JSON.stringify(call('server_info')));
    expect(within.status).toBe(200);
    expect(JSON.stringify(await within.json())).toContain('skilled');
  });

  it('answers an unknown tool and schema-failing arguments as protocol or tool errors, never a 500', async () => {
    const f = await fixture(s.t);
    const token = s.tokens.issue(f.accountId, ['socialpub:post']);
    const unknown = await rpc(token, call('service_delete_everything'));
    expect(unknown.status).toBeLessThan(500);
    expect(await unknown.text()).toMatch(/service_delete_everything/);
    const bad = await rpc(token, call('service_get_post', { id: 'not-a-uuid' }));
    expect(bad.status).toBeLessThan(500);
    expect(await bad.text()).toMatch(/"isError":true/);
    const garbage = await rpc(token, '{not json');
    expect(garbage.status).toBeLessThan(500);
  });

  it('keeps /health answering', async () => {
    expect(await (await fetch(`${s.url}/health`)).json()).toEqual({ status: 'ok' });
  });
});
