import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type AnyClient,
  connectClient,
  type McpTestServer,
  mcpTestServer,
  toolBody,
} from '../helpers/mcp.js';
import { fixture } from '../helpers/publishing.js';
import { accountWithProfile } from '../helpers/test-app.js';

let s: McpTestServer;
let client: AnyClient | undefined;
beforeEach(async () => {
  s = await mcpTestServer();
});
afterEach(async () => {
  await client?.close();
  client = undefined;
  await s.close();
});

const listTools = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
const mcp = (token: string) =>
  fetch(`${s.url}/mcp`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
    },
    body: listTools,
  });

describe('the connector’s small truths', { timeout: 60_000 }, () => {
  it('answers 401 invalid_token to a grant and to an API key while their account is being deleted, as REST does', async () => {
    const f = await fixture(s.t);
    const token = s.tokens.issue(f.accountId, ['socialpub:post']);
    expect((await mcp(token)).status).toBe(200);
    s.t.services.repos.accounts.markDeleting(f.accountId, s.t.services.clock.now().toISOString());
    for (const presented of [token, f.apiKey]) {
      const answer = await mcp(presented);
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toContain('error="invalid_token"');
    }
    expect((await s.t.api('GET', '/api/v2/accounts', f.apiKey)).status).toBe(401);
  });

  it('names service_finish_upload, not a REST address, as the upload link’s next step', async () => {
    const f = await fixture(s.t);
    client = await connectClient('v2', s.url, s.tokens.issue(f.accountId, ['socialpub:post']));
    const link = toolBody(
      await client.callTool({
        name: 'service_create_upload_link',
        arguments: { file_name: 'clip.mp4', size_bytes: 1000, sha256: 'a'.repeat(64) },
      }),
    ) as { file_id: string; next_step: string };
    expect(link.next_step).toContain(`call service_finish_upload with file_id ${link.file_id}`);
    expect(link.next_step).not.toMatch(/\/api\/v2|POST /);
  });

  it('lists the media library on the account’s own test clock, as GET /media/files does', async () => {
    const created = await s.t.admin('POST', '/clocks', { now: '2031-05-06T07:08:09.000Z' });
    const { clock_id: clockId } = (await created.json()) as { clock_id: string };
    const f = await accountWithProfile(s.t, { linkedin: {} }, { plan: 'skilled', clock_id: clockId });
    client = await connectClient('v2', s.url, s.tokens.issue(f.accountId, ['socialpub:read']));
    const page = toolBody(await client.callTool({ name: 'service_list_media', arguments: {} })) as {
      now: string;
    };
    expect(page.now, JSON.stringify(page)).toBe('2031-05-06T07:08:09.000Z');
    const rest = (await (await s.t.api('GET', '/api/v2/media/files', f.apiKey)).json()) as { now: string };
    expect(rest.now).toBe(page.now);
  });
});
