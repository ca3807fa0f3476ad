import { createHash } from 'node:crypto';
import { CONNECTOR_TOOLS } from '@socialpub/core';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnyClient, connectClient, type McpTestServer, mcpTestServer } from '../helpers/mcp.js';
import {
  type FileServer,
  sampleJpeg,
  standardFixtures,
  startFileServer,
} from '../helpers/media-import-server.js';
import { advance, setSimulate } from '../helpers/posts-fixtures.js';
import { fixture } from '../helpers/publishing.js';
import type { Fixture } from '../helpers/test-app.js';

type Json = Record<string, unknown>;

let files: FileServer;
let s: McpTestServer;
let f: Fixture;
let client: AnyClient;

beforeAll(async () => {
  files = await startFileServer(await standardFixtures());
  s = await mcpTestServer({
    importAllow: ['127.0.0.1'],
    media: { checkTimeoutMs: 2000, requestWaitMs: 2000 },
  });
  f = await fixture(s.t);
  client = await connectClient('v2', s.url, s.tokens.issue(f.accountId, ['socialpub:post']));
}, 60_000);
afterAll(async () => {
  await client?.close();
  await s?.close();
  await files?.close();
});

/** The server's id of a place's post (`service`), in an accepted answer or an error body. */
function serviceId(answer: unknown, key: 'post_id' | 'scheduled_post_id'): string {
  const [first] = (answer as { places: Array<{ answer: Json }> }).places;
  const body = first?.answer ?? {};
  const service = (body['service'] ?? (body['error'] as Json | undefined)?.['service']) as Json | undefined;
  return String(service?.[key] ?? '');
}

/** The first value of `key` anywhere in an answer (ids sit at different depths in REST answers). */
function find(value: unknown, key: string): string {
  if (typeof value !== 'object' || value === null) return '';
  for (const [name, inner] of Object.entries(value)) {
    if (name === key && typeof inner === 'string') return inner;
    const found = find(inner, key);
    if (found !== '') return found;
  }
  return '';
}

function textOf(result: Json): string {
  return (result['content'] as Array<{ text: string }>)[0]?.text ?? '{}';
}

describe('every tool’s real answer against its declared outputSchema (ajv, JSON Schema 2020-12)', () => {
  it('validates the structured answer of all seventeen tools, each called as an app would', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const { tools } = (await client.listTools()) as { tools: Array<{ name: string; outputSchema?: Json }> };
    const validators = new Map(tools.map((tool) => [tool.name, ajv.compile(tool.outputSchema ?? {})]));
    const answered: string[] = [];
    const call = async (name: string, args: Json): Promise<Json> => {
      const result = await client.callTool({ name, arguments: args });
      expect(result['isError'], `${name}: ${JSON.stringify(result['content'])}`).toBeFalsy();
      const validate = validators.get(name);
      expect(validate, name).toBeDefined();
      const answer = result['structuredContent'] as Json;
      validate?.(answer);
      expect(validate?.errors ?? [], `${name} answered ${JSON.stringify(answer)}`).toEqual([]);
      answered.push(name);
      return answer;
    };
    const place = { accountId: f.profileId, platform: 'linkedin' };

    await call('service_list_accounts', {});
    await call('service_get_usage', {});
    await call('service_get_posting_options', { profile_id: f.profileId });
    const imported = await call('service_upload_media_from_url', { url: `${files.origin}/photo.jpg` });
    await call('service_get_media_status', { file_id: imported['file_id'] });
    await call('service_list_media', {});

    // A local file: the link, the bytes sent to storage as the uploader would, then finish.
    const bytes = await sampleJpeg();
    const link = await call('service_create_upload_link', {
      file_name: 'local.jpg',
      size_bytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    const command = find(link, 'command');
    const storage = /\/storage\/uploads\/[0-9a-f-]{36}/.exec(command)?.[0];
    const token = /sput_[A-Za-z0-9_-]+/.exec(command)?.[0];
    const sent = await fetch(`${s.url}${storage}`, {
      method: 'PATCH',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'x-signature': token ?? '',
      },
      body: new Uint8Array(bytes),
    });
    expect(sent.status).toBe(204);
    await call('service_finish_upload', { file_id: link['file_id'] });

    await call('service_validate_post', { content: { text: 'checked' }, places: [place] });
    const published = await call('service_publish_post', { content: { text: 'published' }, places: [place] });
    const postId = serviceId(published, 'post_id');
    await call('service_get_post', { id: postId });
    await call('service_list_posts', {});
    await call('service_get_post_performance', { id: postId });

    const due = new Date(s.t.services.clock.now().getTime() + 3_600_000).toISOString();
    const scheduled = await call('service_schedule_post', {
      content: { text: 'later' },
      places: [place],
      scheduledFor: due,
    });
    const scheduledId = serviceId(scheduled, 'scheduled_post_id');
    await call('service_update_scheduled_post', { scheduled_post_id: scheduledId, text: 'later, changed' });
    await call('service_cancel_scheduled_post', { scheduled_post_id: scheduledId });

    await advance(s.t, 21);
    await setSimulate(s.t, f, 'linkedin', {
      outcome: 'failed',
      error: { status: 500, code: 'platform_error', message: 'down' },
    });
    const failing = await client.callTool({
      name: 'service_publish_post',
      arguments: { content: { text: 'fails once' }, places: [place] },
    });
    const failed = serviceId(failing['structuredContent'] ?? JSON.parse(textOf(failing)), 'post_id');
    await setSimulate(s.t, f, 'linkedin', { outcome: 'success' });
    await advance(s.t, 21);
    await call('service_retry_post', { id: failed });

    expect(answered.sort()).toEqual([...CONNECTOR_TOOLS].sort());
  }, 120_000);
});
