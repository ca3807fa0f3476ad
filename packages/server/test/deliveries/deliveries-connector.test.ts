import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectClient, type McpTestServer, mcpTestServer, toolBody } from '../helpers/mcp.js';
import { fixture } from '../helpers/publishing.js';
import { deliveriesOf } from './deliveries-helpers.js';

let s: McpTestServer;
beforeEach(async () => {
  s = await mcpTestServer();
});
afterEach(async () => s.close());

describe('deliveries from the connector', () => {
  it('keeps what a network accepted through service_publish_post, and nothing of a refused place', async () => {
    const f = await fixture(s.t);
    const client = await connectClient('v2', s.url, s.tokens.issue(f.accountId, ['socialpub:post']));
    try {
      const result = await client.callTool({
        name: 'service_publish_post',
        arguments: {
          content: { text: 'Sent by an AI app' },
          places: [
            { accountId: f.profileId, platform: 'linkedin' },
            // TikTok takes no text-only post: refused before the network, so not a delivery.
            { accountId: f.profileId, platform: 'tiktok', tiktok: { privacyLevel: 'SELF_ONLY' } },
          ],
        },
      });
      const places = (toolBody(result) as { places: Array<{ http_status: number }> }).places;
      expect(places.map((p) => p.http_status)).toEqual([200, 400]);
    } finally {
      await client.close();
    }
    const deliveries = await deliveriesOf(s.t, f.accountId);
    expect(deliveries.map((d) => [d.platform, d.text])).toEqual([['linkedin', 'Sent by an AI app']]);
  }, 30_000);
});
