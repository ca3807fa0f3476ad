import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { CONNECTOR_READ_TOOLS, CONNECTOR_TOOLS } from '@socialpub/core';
import { describe, expect, it } from 'vitest';
import type { ConnectorBackend } from '../src/backend.js';
import { createConnectorServer } from '../src/create-connector-server.js';
import { FILE_ID, fakeBackend, PROFILE_ID } from './fake-backend.js';

async function connect(
  backend: ConnectorBackend,
  toolSet: 'signed-in' | 'api-key' = 'signed-in',
  readOnly = false,
) {
  const server = createConnectorServer({ backend, toolSet, readOnly });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'test', version: '1.0.0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return client;
}

function json(result: { content?: unknown }): Record<string, unknown> {
  const [first] = result.content as Array<{ type: string; text: string }>;
  return JSON.parse(first?.text ?? '{}') as Record<string, unknown>;
}

const place = (platform: string, extra: Record<string, unknown> = {}) => ({
  accountId: PROFILE_ID,
  platform,
  ...extra,
});

describe('connector tools over an in-memory transport', () => {
  it('lists exactly the seventeen tools with read hints on the reads and validate, destructive on cancel', async () => {
    const client = await connect(
      fakeBackend({
        updateScheduledPost: async () => ({ status: 200, body: {} }),
        retryPost: async () => ({ status: 200, body: {} }),
      }).backend,
    );
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...CONNECTOR_TOOLS].sort());
    for (const tool of tools) {
      const read =
        (CONNECTOR_READ_TOOLS as readonly string[]).includes(tool.name) ||
        tool.name === 'service_validate_post';
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(read);
      expect(tool.annotations?.destructiveHint === true, tool.name).toBe(
        tool.name === 'service_cancel_scheduled_post',
      );
      expect(tool.description?.length ?? 0, tool.name).toBeGreaterThan(80);
    }
  });

  it('leaves out update and retry when the backend cannot do them, and change tools when read-only', async () => {
    const { backend } = fakeBackend();
    const names = (await (await connect(backend)).listTools()).tools.map((t) => t.name);
    expect(names).not.toContain('service_update_scheduled_post');
    expect(names).not.toContain('service_retry_post');
    expect(names).toHaveLength(15);
    const readOnly = (await (await connect(backend, 'signed-in', true)).listTools()).tools.map((t) => t.name);
    expect(readOnly.sort()).toEqual([...CONNECTOR_READ_TOOLS, 'service_validate_post'].sort());
  });

  it('offers the older three tools to an API key', async () => {
    const names = (await (await connect(fakeBackend().backend, 'api-key')).listTools()).tools.map(
      (t) => t.name,
    );
    expect(names).toEqual(['server_info', 'create_post', 'import_media']);
  });

  it.each([
    ['tiktok', 'privacyLevel', ['SELF_ONLY', 'FOLLOWER_OF_CREATOR']],
    ['youtube', 'privacyStatus', ['public', 'unlisted', 'private']],
  ])(
    'asks the user for the %s privacy choice with the allowed values and sends nothing',
    async (platform, field, allowed) => {
      const { backend, sent } = fakeBackend();
      const client = await connect(backend);
      const result = await client.callTool({
        name: 'service_publish_post',
        arguments: { content: { text: 'hi', mediaID: [FILE_ID] }, places: [place('x'), place(platform)] },
      });
      expect(result.isError).toBe(true);
      const body = json(result) as {
        error: { code: string; message: string; allowed_values: string[]; parameter: string };
      };
      expect(body.error.code).toBe('bad_request');
      expect(body.error.parameter).toBe(`places[1].${platform}.${field}`);
      expect(body.error.allowed_values).toEqual(allowed);
      expect(body.error.message).toMatch(/Ask the user to choose/);
      expect(sent).toEqual([]);
    },
  );

  it('answers each place’s outcome, a refused place with its REST error body and retry advice', async () => {
    const { backend, sent } = fakeBackend();
    const client = await connect(backend);
    const result = await client.callTool({
      name: 'service_publish_post',
      arguments: {
        content: { text: 'hello' },
        places: [place('linkedin'), place('x')],
        idempotencyKey: 'k1',
      },
    });
    expect(result.isError).toBeFalsy();
    const { places } = result.structuredContent as { places: Array<Record<string, unknown>> };
    expect(places[0]).toMatchObject({ platform: 'linkedin', accepted: true, http_status: 200 });
    expect(places[1]).toMatchObject({
      platform: 'x',
      accepted: false,
      http_status: 429,
      answer: { error: { code: 'rate_limited', retry_after_seconds: 12 } },
      retry: { retry_automatically: true },
    });
    expect(sent.map((s) => s.idempotencyKey)).toEqual(['k1:linkedin', 'k1:x']);
  });

  it('is a tool error carrying the REST body when every place is refused', async () => {
    const client = await connect(fakeBackend().backend);
    const result = await client.callTool({
      name: 'service_publish_post',
      arguments: { content: { text: 'a' }, places: [place('x')] },
    });
    expect(result.isError).toBe(true);
  });

  it('refuses two places on one network and more than ten places by the schema', async () => {
    const { backend, sent } = fakeBackend();
    const client = await connect(backend);
    const twice = await client.callTool({
      name: 'service_validate_post',
      arguments: { content: { text: 'a' }, places: [place('x'), place('x')] },
    });
    expect(twice.isError).toBe(true);
    expect(JSON.stringify(twice.content)).toMatch(/one place per network/);
    const many = Array.from({ length: 11 }, () => place('x'));
    expect(
      (
        await client.callTool({
          name: 'service_validate_post',
          arguments: { content: { text: 'a' }, places: many },
        })
      ).isError,
    ).toBe(true);
    expect(sent).toEqual([]);
  });

  it('reads a strict model’s nulls as arguments not given, down to the option block it sends', async () => {
    const { backend, sent } = fakeBackend();
    const client = await connect(backend);
    const result = await client.callTool({
      name: 'service_publish_post',
      arguments: {
        content: { text: 'hi', mediaID: [FILE_ID], mediaUrls: null },
        places: [
          {
            ...place('tiktok'),
            tiktok: { privacyLevel: 'SELF_ONLY', disabledComments: null, title: null },
            youtube: null,
            skool: null,
          },
        ],
        idempotencyKey: null,
      },
    });
    expect(result.isError).toBeFalsy();
    expect(sent).toEqual([
      {
        post: {
          accountId: PROFILE_ID,
          platform: 'tiktok',
          content: { text: 'hi', mediaID: [FILE_ID] },
          tiktok: { privacyLevel: 'SELF_ONLY' },
        },
        dryRun: false,
        idempotencyKey: undefined,
      },
    ]);
  });

  it('runs validate as a dry run', async () => {
    const { backend, sent } = fakeBackend();
    await (await connect(backend)).callTool({
      name: 'service_validate_post',
      arguments: { content: { text: 'a' }, places: [place('linkedin')] },
    });
    expect(sent).toEqual([expect.objectContaining({ dryRun: true, idempotencyKey: undefined })]);
  });

  it('never shows a file address in media answers', async () => {
    const client = await connect(fakeBackend().backend);
    const status = await client.callTool({
      name: 'service_get_media_status',
      arguments: { file_id: FILE_ID },
    });
    expect(JSON.stringify(status)).not.toContain('secret.png');
    const link = await client.callTool({
      name: 'service_create_upload_link',
      arguments: { file_name: 'a.png', size_bytes: 10, sha256: 'a'.repeat(64) },
    });
    expect(JSON.stringify(link)).not.toMatch(/http:\/\/storage|download_url|"token"/);
  });

  it('answers a refusal of a read as a tool error with the code and the catalog’s retry advice', async () => {
    const result = await (await connect(fakeBackend().backend)).callTool({
      name: 'service_get_post',
      arguments: { id: FILE_ID },
    });
    expect(result.isError).toBe(true);
    expect(json(result)).toMatchObject({
      error: { code: 'post_not_found' },
      http_status: 404,
      retry: { retry_automatically: false },
    });
  });

  it('answers an unexpected failure as a server_error tool error without its details', async () => {
    const { backend } = fakeBackend({
      getUsage: async () => {
        throw new Error('disk /secret/path broke');
      },
    });
    const result = await (await connect(backend)).callTool({ name: 'service_get_usage', arguments: {} });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result)).not.toContain('/secret/path');
    expect(json(result)).toMatchObject({ error: { code: 'server_error' } });
  });
});
