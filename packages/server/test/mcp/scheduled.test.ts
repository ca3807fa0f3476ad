import { FIGURE_NAMES, networkRules } from '@socialpub/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type AnyClient,
  connectClient,
  type McpTestServer,
  mcpTestServer,
  toolBody,
} from '../helpers/mcp.js';
import { advance, insertPost, setSimulate } from '../helpers/posts-fixtures.js';
import { fixture } from '../helpers/publishing.js';
import type { Fixture } from '../helpers/test-app.js';

let s: McpTestServer;
let f: Fixture;
let client: AnyClient;
beforeEach(async () => {
  s = await mcpTestServer();
  f = await fixture(s.t);
  client = await connectClient('v2', s.url, s.tokens.issue(f.accountId, ['socialpub:post']));
});
afterEach(async () => {
  await client.close();
  await s.close();
});

const inSeconds = (seconds: number) =>
  new Date(s.t.services.clock.now().getTime() + seconds * 1000).toISOString();
const sentFor = (scheduledId: string) => s.t.services.repos.postRecords.listForScheduledPost(scheduledId);

async function schedule(seconds: number, text = 'Scheduled by an AI app'): Promise<string> {
  const result = await client.callTool({
    name: 'service_schedule_post',
    arguments: {
      content: { text },
      places: [{ accountId: f.profileId, platform: 'linkedin' }],
      scheduledFor: inSeconds(seconds),
    },
  });
  const [place] = (
    toolBody(result) as { places: Array<{ http_status: number; answer: { scheduled_post_id: string } }> }
  ).places;
  expect(place?.http_status).toBe(202);
  return place?.answer.scheduled_post_id as string;
}

const update = (id: string, changes: Record<string, unknown>) =>
  client.callTool({
    name: 'service_update_scheduled_post',
    arguments: { scheduled_post_id: id, ...changes },
  });

describe('service_update_scheduled_post', () => {
  it('moves a waiting post: nothing goes out at the old time, exactly one post at the new time', async () => {
    const id = await schedule(120);
    const result = await update(id, { text: 'Changed text', scheduledFor: inSeconds(600) });
    expect(result['isError']).toBeFalsy();
    expect(toolBody(result)).toMatchObject({ updated: true, scheduled_post_id: id });
    const kept = s.t.services.repos.scheduledPosts.get(id);
    expect(kept?.request).toMatchObject({ text: 'Changed text' });
    await advance(s.t, 200);
    expect(sentFor(id)).toHaveLength(0);
    await advance(s.t, 500);
    expect(sentFor(id)).toHaveLength(1);
  });

  it('refuses a change once the post went out, and it stays sent once', async () => {
    const id = await schedule(90);
    await advance(s.t, 100);
    expect(sentFor(id)).toHaveLength(1);
    const result = await update(id, { text: 'too late' });
    expect(result['isError']).toBe(true);
    expect(toolBody(result)).toMatchObject({ error: { code: 'not_cancellable' }, http_status: 409 });
    await advance(s.t, 3600);
    expect(sentFor(id)).toHaveLength(1);
  });

  it('never sends twice nor loses the post when the change races the scheduler', async () => {
    for (let round = 0; round < 5; round++) {
      const id = await schedule(90);
      // The change's checks await while the clock moves past the due time and the scheduler runs.
      const [changed] = await Promise.all([update(id, { scheduledFor: inSeconds(900) }), advance(s.t, 100)]);
      await advance(s.t, 1000);
      expect(sentFor(id), `round ${round}: ${JSON.stringify(changed)}`).toHaveLength(1);
      const record = s.t.services.repos.scheduledPosts.get(id);
      expect(record?.outcome).not.toBe('waiting');
    }
  });

  it('runs the publishing checks on the change and changes nothing when refused', async () => {
    const id = await schedule(600);
    const before = s.t.services.repos.scheduledPosts.get(id);
    const result = await update(id, { scheduledFor: '2026-13-45 nonsense' });
    expect(result['isError']).toBe(true);
    expect(toolBody(result)).toMatchObject({ error: { code: 'scheduled_for_invalid' } });
    expect(s.t.services.repos.scheduledPosts.get(id)).toEqual(before);
  });

  it('answers another account’s scheduled post as not found', async () => {
    const other = await fixture(s.t);
    const otherClient = await connectClient('v2', s.url, s.tokens.issue(other.accountId, ['socialpub:post']));
    const id = await schedule(600);
    const result = await otherClient.callTool({
      name: 'service_update_scheduled_post',
      arguments: { scheduled_post_id: id, text: 'mine now' },
    });
    expect(toolBody(result)).toMatchObject({ error: { code: 'post_not_found' } });
    await otherClient.close();
  });
});

describe('service_cancel_scheduled_post', () => {
  it('cancels a waiting post; nothing goes out', async () => {
    const id = await schedule(120);
    const result = await client.callTool({
      name: 'service_cancel_scheduled_post',
      arguments: { scheduled_post_id: id },
    });
    expect(toolBody(result)).toMatchObject({ data: { scheduled_post_id: id, status: 'cancelled' } });
    await advance(s.t, 600);
    expect(sentFor(id)).toHaveLength(0);
  });
});

describe('service_retry_post', () => {
  const publish = async () => {
    const result = await client.callTool({
      name: 'service_publish_post',
      arguments: { content: { text: 'try me' }, places: [{ accountId: f.profileId, platform: 'linkedin' }] },
    });
    const [place] = (
      toolBody(result) as {
        places: Array<{
          answer: { service?: { post_id: string }; error?: { service?: { post_id: string } } };
        }>;
      }
    ).places;
    return place?.answer.service?.post_id ?? place?.answer.error?.service?.post_id ?? '';
  };

  it('sends a failed post again as a new attempt', async () => {
    await setSimulate(s.t, f, 'linkedin', {
      outcome: 'failed',
      error: { status: 500, code: 'platform_error', message: 'down' },
    });
    const failed = await publish();
    expect(s.t.services.repos.postRecords.get(failed)?.status).toBe('failed');
    await setSimulate(s.t, f, 'linkedin', { outcome: 'success' });
    await advance(s.t, 21);
    const result = await client.callTool({ name: 'service_retry_post', arguments: { id: failed } });
    expect(result['isError']).toBeFalsy();
    const retried = (toolBody(result) as { service: { post_id: string } }).service.post_id;
    expect(retried).not.toBe(failed);
    expect(s.t.services.repos.postRecords.get(retried)?.status).toBe('success');
  });

  it('sends a failed scheduled post again from its kept request', async () => {
    await setSimulate(s.t, f, 'linkedin', {
      outcome: 'failed',
      error: { status: 500, code: 'platform_error', message: 'down' },
    });
    const id = await schedule(90, 'scheduled, then failed');
    await advance(s.t, 100);
    expect(sentFor(id).map((p) => p.status)).toEqual(['failed']);
    await setSimulate(s.t, f, 'linkedin', { outcome: 'success' });
    await advance(s.t, 21);
    const result = await client.callTool({ name: 'service_retry_post', arguments: { id } });
    expect(result['isError']).toBeFalsy();
    const retried = (toolBody(result) as { service: { post_id: string } }).service.post_id;
    expect(s.t.services.repos.postRecords.get(retried)).toMatchObject({
      status: 'success',
      platform: 'linkedin',
    });
  });

  it.each([
    ['timeout', 'it may be on the network'],
    ['success', 'Only a failed post'],
  ])('refuses a %s post and sends nothing', async (status, message) => {
    const id = insertPost(s.t, f, { status: status as 'timeout' | 'success', platform: 'linkedin' });
    const before = s.t.services.db.prepare('SELECT COUNT(*) AS n FROM post_records').get();
    const result = await client.callTool({ name: 'service_retry_post', arguments: { id } });
    expect(result['isError']).toBe(true);
    expect(JSON.stringify(toolBody(result))).toContain(message);
    expect(s.t.services.db.prepare('SELECT COUNT(*) AS n FROM post_records').get()).toEqual(before);
  });
});

describe('service_get_post_performance', () => {
  it('gives the figures with polled_at, unreported figures null and not zero', async () => {
    const [reported] = networkRules('linkedin').reportedFigures;
    const unreported = FIGURE_NAMES.find((name) => !networkRules('linkedin').reportedFigures.includes(name));
    if (!reported || !unreported) throw new Error('linkedin reports no figures');
    await setSimulate(s.t, f, 'linkedin', { figures: { [reported]: 42 } });
    const result = await client.callTool({
      name: 'service_publish_post',
      arguments: {
        content: { text: 'measure me' },
        places: [{ accountId: f.profileId, platform: 'linkedin' }],
      },
    });
    const [place] = (toolBody(result) as { places: Array<{ answer: { service: { post_id: string } } }> })
      .places;
    await advance(s.t, 6 * 3600 + 60);
    const perf = toolBody(
      await client.callTool({
        name: 'service_get_post_performance',
        arguments: { id: place?.answer.service.post_id },
      }),
    ) as {
      posts: Array<{ polled_at: string | null; figures: { metrics: Record<string, number | null> } }>;
    };
    expect(perf.posts[0]?.polled_at).toEqual(expect.any(String));
    expect(perf.posts[0]?.figures.metrics[reported]).toBe(42);
    expect(perf.posts[0]?.figures.metrics[unreported]).toBeNull();
  });
});
