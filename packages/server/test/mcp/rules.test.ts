import type { Platform } from '@socialpub/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type AnyClient,
  connectClient,
  type McpTestServer,
  mcpTestServer,
  toolBody,
} from '../helpers/mcp.js';
import { insertPost } from '../helpers/posts-fixtures.js';
import { fixture, sendPost } from '../helpers/publishing.js';
import type { Fixture } from '../helpers/test-app.js';

let s: McpTestServer;

function postCount(f: Fixture): number {
  const row = s.t.services.db
    .prepare('SELECT COUNT(*) AS n FROM post_records WHERE account_id = ?')
    .get(f.accountId) as { n: number };
  return row.n;
}
beforeEach(async () => {
  s = await mcpTestServer();
});
afterEach(async () => {
  await s.close();
});

interface Outcome {
  status: number;
  code: string | null;
}

async function signedIn(f: Fixture): Promise<AnyClient> {
  return connectClient('v2', s.url, s.tokens.issue(f.accountId, ['socialpub:post']));
}

/** One place through `service_publish_post`, as REST would answer it: status and code. */
async function viaTool(
  client: AnyClient,
  f: Fixture,
  platform: Platform,
  extra: Record<string, unknown> = {},
): Promise<Outcome> {
  const { idempotencyKey, ...block } = extra as { idempotencyKey?: string };
  const result = await client.callTool({
    name: 'service_publish_post',
    arguments: {
      content: { text: 'Same rules as REST' },
      places: [{ accountId: f.profileId, platform, ...block }],
      ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
    },
  });
  const [place] = (
    toolBody(result) as { places: Array<{ http_status: number; answer: Record<string, unknown> }> }
  ).places;
  const answer = place?.answer ?? {};
  const error = answer['error'] as { code?: string } | undefined;
  return {
    status: place?.http_status ?? 0,
    code: error?.code ?? (answer['code'] as string | undefined) ?? null,
  };
}

async function viaRest(
  f: Fixture,
  platform: Platform,
  extra: Record<string, unknown> = {},
): Promise<Outcome> {
  const { idempotencyKey, ...block } = extra as { idempotencyKey?: string };
  const answer = await sendPost(
    s.t,
    f.apiKey,
    { post: { accountId: f.profileId, platform, content: { text: 'Same rules as REST' }, ...block } },
    idempotencyKey === undefined ? {} : { headers: { 'idempotency-key': `${idempotencyKey}:${platform}` } },
  );
  return {
    status: answer.status,
    code:
      (answer.body.error?.['code'] as string | undefined) ??
      (answer.body['code'] as string | undefined) ??
      null,
  };
}

type Send = (f: Fixture, platform: Platform, extra?: Record<string, unknown>) => Promise<Outcome>;

const CASES: Array<{
  rule: string;
  account: Record<string, unknown>;
  run: (send: Send, f: Fixture) => Promise<Outcome[]>;
  expected: Array<Partial<Outcome>>;
}> = [
  {
    rule: 'the 20-second spacing per network',
    account: {},
    run: async (send, f) => [await send(f, 'linkedin'), await send(f, 'linkedin')],
    expected: [{ status: 200 }, { status: 429, code: 'rate_limited' }],
  },
  {
    rule: 'the X add-on plan gate',
    account: { x_addon: false },
    run: async (send, f) => [await send(f, 'x')],
    expected: [{ status: 403, code: 'plan_required' }],
  },
  {
    rule: 'the Beginner daily allowance (queued for the next UTC day)',
    account: { plan: 'beginner' },
    run: async (send, f) => {
      for (let i = 0; i < 20; i++) insertPost(s.t, f, { platform: 'threads' });
      return [await send(f, 'linkedin')];
    },
    expected: [{ status: 202, code: 'queued_for_next_day' }],
  },
  {
    rule: 'idempotency: the same key and body answer the first answer',
    account: {},
    run: async (send, f) => [
      await send(f, 'linkedin', { idempotencyKey: 'same-key' }),
      await send(f, 'linkedin', { idempotencyKey: 'same-key' }),
    ],
    expected: [{ status: 200 }, { status: 200 }],
  },
  {
    rule: 'idempotency: the same key with another body is refused',
    account: {},
    run: async (send, f) => [
      await send(f, 'linkedin', { idempotencyKey: 'k2' }),
      await send(f, 'linkedin', { idempotencyKey: 'k2', linkedin: { note: 'changed' } }),
    ],
    expected: [{ status: 200 }, { status: 422, code: 'idempotency_key_reused' }],
  },
];

describe('the tools apply the same rules as REST', () => {
  it.each(CASES)('$rule', async ({ account, run, expected }) => {
    const rest = await fixture(s.t, account);
    const tool = await fixture(s.t, account);
    const client = await signedIn(tool);
    const restOutcomes = await run(viaRest, rest);
    const toolOutcomes = await run((f, p, e) => viaTool(client, f, p, e), tool);
    expect(toolOutcomes).toEqual(restOutcomes);
    expect(toolOutcomes).toMatchObject(expected);
    // Same number of post records on both accounts: nothing sent twice through the tool.
    expect(postCount(tool)).toBe(postCount(rest));
    await client.close();
  });

  it('asks for the TikTok privacy level with the profile’s allowed values and sends nothing', async () => {
    const f = await fixture(s.t);
    const client = await signedIn(f);
    const result = await client.callTool({
      name: 'service_publish_post',
      arguments: {
        content: { text: 'x', mediaUrls: ['https://example.com/a.mp4'] },
        places: [{ accountId: f.profileId, platform: 'tiktok' }],
      },
    });
    expect(result['isError']).toBe(true);
    expect(toolBody(result)).toMatchObject({
      error: { code: 'bad_request', allowed_values: ['PUBLIC_TO_EVERYONE', 'SELF_ONLY'] },
    });
    expect(postCount(f)).toBe(0);
    await client.close();
  });

  it('validates with nothing sent, counted or recorded', async () => {
    const f = await fixture(s.t);
    const client = await signedIn(f);
    const result = await client.callTool({
      name: 'service_validate_post',
      arguments: {
        content: { text: 'x' },
        places: [
          { accountId: f.profileId, platform: 'linkedin' },
          { accountId: f.profileId, platform: 'x' },
        ],
      },
    });
    const { places } = toolBody(result) as {
      places: Array<{ answer: { dry_run: boolean; outcome: string } }>;
    };
    expect(places.map((p) => p.answer)).toEqual([
      expect.objectContaining({ dry_run: true, outcome: 'publish' }),
      expect.objectContaining({ dry_run: true, outcome: 'publish' }),
    ]);
    expect(postCount(f)).toBe(0);
    await client.close();
  });

  it('validate says what a network would refuse, with its words and the count, through the same dry run', async () => {
    const f = await fixture(s.t);
    const client = await signedIn(f);
    const result = await client.callTool({
      name: 'service_validate_post',
      arguments: {
        content: { text: `${'漢'.repeat(139)} ${'a'.repeat(137)}` },
        places: [{ accountId: f.profileId, platform: 'x' }],
      },
    });
    const { places } = toolBody(result) as { places: Array<{ answer: Record<string, unknown> }> };
    expect(places[0]?.answer).toMatchObject({
      dry_run: true,
      outcome: 'refuse',
      reason: {
        code: 'x_rejected',
        status: 400,
        message: 'Your Tweet text is too long. Text length: 416 of 280 weighted characters.',
      },
    });
    expect(postCount(f)).toBe(0);
    await client.close();
  });

  it('sees only the signed-in account: another account’s post reads as not found', async () => {
    const mine = await fixture(s.t);
    const other = await fixture(s.t);
    const theirs = insertPost(s.t, other);
    const client = await signedIn(mine);
    const result = await client.callTool({ name: 'service_get_post', arguments: { id: theirs } });
    expect(result['isError']).toBe(true);
    expect(toolBody(result)).toMatchObject({ error: { code: 'post_not_found' }, http_status: 404 });
    const accounts = toolBody(await client.callTool({ name: 'service_list_accounts', arguments: {} })) as {
      data: Array<{ profile_id: string }>;
    };
    expect(accounts.data.map((p) => p.profile_id)).toEqual([mine.profileId]);
    await client.close();
  });

  it('shows usage: allowance, attempts, X add-on, upload budget and waiting posts', async () => {
    const f = await fixture(s.t, { plan: 'beginner' });
    const client = await signedIn(f);
    await viaTool(client, f, 'linkedin');
    const usage = toolBody(await client.callTool({ name: 'service_get_usage', arguments: {} }));
    expect(usage).toMatchObject({
      plan: 'beginner',
      allowance: { kind: 'daily_per_profile', limit: 20 },
      profiles: [{ profile_id: f.profileId, posts_today: 1, attempts_today: 1 }],
      x_addon: { used: 0, limit: 200 },
      uploads: { daily_budget_bytes: 2 * 1024 ** 3 },
      scheduled_waiting: 0,
    });
    await client.close();
  });
});
