import * as z from 'zod';
import type { ConnectorBackend } from '../backend.js';
import { answerOf } from '../tool-result.js';
import { PerformanceOutput } from './output-schemas.js';
import { defineTool, READ_HINTS } from './tool.js';

interface PerformanceRow {
  post_id: string;
  platform: unknown;
  status: unknown;
  permalink: unknown;
  /** The network's figures; a figure it does not report is null (never zero) and named in not_reported. */
  figures: unknown;
  /** When the figures were last collected; null when none were collected yet. */
  polled_at: string | null;
  note: string | null;
}

async function rowFor(backend: ConnectorBackend, postId: string): Promise<PerformanceRow> {
  const post = (await backend.getPost(postId)) as Record<string, unknown>;
  const figures = (post['figures'] ?? null) as Record<string, unknown> | null;
  const polledAt = figures?.['polled_at'];
  return {
    post_id: postId,
    platform: post['platform'],
    status: post['status'],
    permalink: post['permalink'] ?? null,
    figures,
    polled_at: typeof polledAt === 'string' ? polledAt : null,
    note:
      figures === null
        ? 'No figures yet: they exist once the post succeeded and are collected every 6 hours for 7 days.'
        : typeof figures['note'] === 'string'
          ? figures['note']
          : null,
  };
}

export const getPostPerformanceTool = defineTool({
  name: 'service_get_post_performance',
  title: 'Show a post’s figures',
  description:
    'A post’s figures, collected every 6 hours for 7 days (null: not reported); a scheduled post: a row per post.',
  inputSchema: z.object({ id: z.uuid().describe('A post id, or a scheduled_post_id.') }),
  outputSchema: PerformanceOutput,
  annotations: READ_HINTS,
  run: (backend, input) =>
    answerOf(async () => {
      const record = (await backend.getPost(input.id)) as Record<string, unknown>;
      if (record['kind'] !== 'scheduled_post') return { posts: [await rowFor(backend, input.id)] };
      const results = Array.isArray(record['results'])
        ? (record['results'] as Record<string, unknown>[])
        : [];
      const ids = results.map((r) => r['post_id']).filter((id): id is string => typeof id === 'string');
      return { scheduled_post_id: input.id, posts: await Promise.all(ids.map((id) => rowFor(backend, id))) };
    }),
});
