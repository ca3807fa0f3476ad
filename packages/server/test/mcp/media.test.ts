import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type AnyClient,
  connectClient,
  type McpTestServer,
  mcpTestServer,
  toolBody,
} from '../helpers/mcp.js';
import { type FileServer, standardFixtures, startFileServer } from '../helpers/media-import-server.js';
import { fixture } from '../helpers/publishing.js';
import type { Fixture } from '../helpers/test-app.js';

let files: FileServer;
let s: McpTestServer;
let f: Fixture;
let client: AnyClient;

beforeAll(async () => {
  files = await startFileServer(await standardFixtures());
});
afterAll(async () => {
  await files.close();
});
beforeEach(async () => {
  s = await mcpTestServer({
    importAllow: ['127.0.0.1'],
    media: { checkTimeoutMs: 2000, requestWaitMs: 2000 },
  });
  f = await fixture(s.t, { plan: 'beginner' });
  client = await connectClient('v2', s.url, s.tokens.issue(f.accountId, ['socialpub:post']));
});
afterEach(async () => {
  await client.close();
  await s.close();
});

const ADDRESS = /public_url|\/files\/|\/storage\/uploads|download_url|next_url/;
const budgetUsed = () =>
  s.t.services.repos.uploadLinks.usedBytes(f.accountId, s.t.services.clock.now().toISOString().slice(0, 10));

describe('media tools', () => {
  it('imports from a URL, counts it in the day’s upload budget, and never shows the file’s address', async () => {
    const imported = await client.callTool({
      name: 'service_upload_media_from_url',
      arguments: { url: `${files.origin}/photo.jpg` },
    });
    expect(imported['isError']).toBeFalsy();
    const body = toolBody(imported) as { file_id: string; status: string; size: number };
    expect(body.status).toBe('ready');
    expect(budgetUsed()).toBe(body.size);

    const status = await client.callTool({
      name: 'service_get_media_status',
      arguments: { file_id: body.file_id },
    });
    expect(toolBody(status)).toMatchObject({ file_id: body.file_id, status: 'ready' });
    // The REST status answer shows the address; the tool does not.
    const rest = (await (
      await s.t.api('GET', `/api/v2/media?file_id=${body.file_id}`, f.apiKey)
    ).json()) as Record<string, unknown>;
    expect(rest['public_url']).toEqual(expect.any(String));
    expect(JSON.stringify(status)).not.toMatch(ADDRESS);

    const listed = await client.callTool({
      name: 'service_list_media',
      arguments: { name_contains: 'photo', type: 'image' },
    });
    expect((toolBody(listed) as { data: Array<{ file_id: string }> }).data.map((d) => d.file_id)).toEqual([
      body.file_id,
    ]);
    expect(JSON.stringify(listed)).not.toMatch(ADDRESS);
    const none = await client.callTool({ name: 'service_list_media', arguments: { type: 'video' } });
    expect((toolBody(none) as { data: unknown[] }).data).toEqual([]);
    const later = new Date(s.t.services.clock.now().getTime() + 3600_000).toISOString();
    const since = await client.callTool({ name: 'service_list_media', arguments: { uploaded_since: later } });
    expect((toolBody(since) as { data: unknown[] }).data).toEqual([]);
    const wrongName = await client.callTool({
      name: 'service_list_media',
      arguments: { name_contains: 'holiday' },
    });
    expect((toolBody(wrongName) as { data: unknown[] }).data).toEqual([]);
  });

  it('answers import_budget_exhausted when the file does not fit the day’s budget, importing nothing', async () => {
    const day = s.t.services.clock.now().toISOString().slice(0, 10);
    s.t.services.repos.uploadLinks.addUsedBytes(f.accountId, day, 2 * 1024 ** 3 - 10);
    const result = await client.callTool({
      name: 'service_upload_media_from_url',
      arguments: { url: `${files.origin}/photo.jpg` },
    });
    expect(result['isError']).toBe(true);
    expect(toolBody(result)).toMatchObject({
      error: { code: 'import_budget_exhausted', limit_bytes: 2 * 1024 ** 3 },
      http_status: 429,
    });
    const count = s.t.services.db
      .prepare('SELECT COUNT(*) AS n FROM media_files WHERE account_id = ?')
      .get(f.accountId) as { n: number };
    expect(count.n).toBe(0);
  });

  it('makes an upload link without its storage address, and finishing too early says the file is incomplete', async () => {
    const link = await client.callTool({
      name: 'service_create_upload_link',
      arguments: { file_name: 'clip.mp4', size_bytes: 1000, sha256: 'a'.repeat(64) },
    });
    expect(link['isError']).toBeFalsy();
    const body = toolBody(link) as { file_id: string; uploader: { command: string } };
    expect(body.uploader.command).toEqual(expect.any(String));
    expect(Object.keys(body)).not.toContain('upload');
    expect(s.t.services.repos.uploadLinks.openLinks(f.accountId).map((l) => l.size)).toEqual([1000]);
    const finish = await client.callTool({
      name: 'service_finish_upload',
      arguments: { file_id: body.file_id },
    });
    expect(finish['isError']).toBe(true);
    expect(toolBody(finish)).toMatchObject({ error: { code: 'upload_incomplete' }, http_status: 409 });
  });
});
