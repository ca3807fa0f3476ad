import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type ClientKind,
  connectClient,
  type McpTestServer,
  mcpTestServer,
  toolBody,
} from '../helpers/mcp.js';
import { fixture } from '../helpers/publishing.js';

let s: McpTestServer;
beforeEach(async () => {
  s = await mcpTestServer();
});
afterEach(async () => {
  await s.close();
});

/** A raw 2025-era JSON-RPC tool call (the route refuses a read-only grant's change tool as HTTP 403). */
function rpcCall(token: string, name: string, args: Record<string, unknown>, id: number) {
  return fetch(`${s.url}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } }),
  });
}

/** Text-only networks: one post each, so the 20-second spacing per network never applies. */
const TEXT_PLATFORMS = ['linkedin', 'x', 'facebook', 'threads'];

const profileIds = (result: Record<string, unknown>) =>
  (toolBody(result) as { data: Array<{ profile_id: string }> }).data.map((p) => p.profile_id);

describe.each(['v2', 'v2-modern', 'v1'] as ClientKind[])(
  'callers with different grants interleaved on one server (%s client)',
  (kind) => {
    it('each call sees only its own caller’s account and scope', async () => {
      const poster = await fixture(s.t, { email: 'poster@example.com' });
      const reader = await fixture(s.t, { email: 'reader@example.com' });
      const keyHolder = await fixture(s.t, { email: 'key@example.com', plan: 'beginner' });
      const posterToken = s.tokens.issue(poster.accountId, ['socialpub:post']);
      const readerToken = s.tokens.issue(reader.accountId, ['socialpub:read']);
      const posterClient = await connectClient(kind, s.url, posterToken);
      const readerClient = await connectClient(kind, s.url, readerToken);
      const keyClient = await connectClient(kind, s.url, keyHolder.apiKey);

      // Every kind of call in flight at once, several times over, in an order that alternates callers.
      const rounds = await Promise.all(
        TEXT_PLATFORMS.map(async (platform, i) => {
          const [mine, theirs, info, toolsOfReader, published, refused] = await Promise.all([
            posterClient.callTool({ name: 'service_list_accounts', arguments: {} }),
            readerClient.callTool({ name: 'service_list_accounts', arguments: {} }),
            keyClient.callTool({ name: 'server_info', arguments: {} }),
            readerClient.listTools(),
            rpcCall(
              posterToken,
              'service_publish_post',
              {
                content: { text: `Interleaved post ${i}` },
                places: [{ accountId: poster.profileId, platform }],
              },
              100 + i,
            ),
            rpcCall(
              readerToken,
              'service_publish_post',
              {
                content: { text: `Must not be sent ${i}` },
                places: [{ accountId: reader.profileId, platform: 'linkedin' }],
              },
              200 + i,
            ),
          ]);
          return { mine, theirs, info, toolsOfReader, published, refused };
        }),
      );

      for (const round of rounds) {
        expect(profileIds(round.mine)).toEqual([poster.profileId]);
        expect(profileIds(round.theirs)).toEqual([reader.profileId]);
        expect(toolBody(round.info)).toMatchObject({ plan: 'beginner' });
        const readerTools = round.toolsOfReader.tools.map((t) => t.name);
        expect(readerTools).toContain('service_list_accounts');
        // A read-only app is offered the changes too; the call below is refused before it runs.
        expect(readerTools).toContain('service_publish_post');
        expect(round.published.status).toBe(200);
        const answer = (await round.published.json()) as {
          result: { isError?: boolean; structuredContent: { places: Array<{ http_status: number }> } };
        };
        expect(answer.result.isError).toBeFalsy();
        expect(answer.result.structuredContent.places.map((p) => p.http_status)).toEqual([200]);
        expect(round.refused.status).toBe(403);
        expect(round.refused.headers.get('www-authenticate')).toContain('insufficient_scope');
      }

      // The poster's calls acted for the poster only; the reader's account holds no post at all.
      const posterPosts = await s.t.api('GET', '/api/v2/posts', poster.apiKey);
      expect(((await posterPosts.json()) as { data: unknown[] }).data).toHaveLength(TEXT_PLATFORMS.length);
      const readerPosts = await s.t.api('GET', '/api/v2/posts', reader.apiKey);
      expect(((await readerPosts.json()) as { data: unknown[] }).data).toEqual([]);
      await Promise.all([posterClient.close(), readerClient.close(), keyClient.close()]);
    });
  },
);
