import * as z from 'zod';

/**
 * What each tool answers (`structuredContent`), as `outputSchema`: the fields an app reads first,
 * typed and described; nested records are objects described in a line (the REST answer the tool
 * passes on documents the rest). Loose: an answer may carry more (warnings, later fields), as the
 * REST schemas allow. Kept short: every byte here is read by the model on every tools/list.
 */
const record = (description: string) => z.looseObject({}).describe(description);
const cursor = z.string().nullable().describe('Next page’s cursor; null on the last.');

export const ProfilesOutput = z.looseObject({
  data: z.array(record('profile_id, handle, profile_name, networks.')).describe('Profiles.'),
});

export const UsageOutput = z.looseObject({
  plan: z.string().describe('The plan.'),
  x_addon_enabled: z.boolean().describe('X add-on on.'),
  allowance: record('The post allowance.'),
  now: z.string().describe('The account’s time.'),
});

export const PostingOptionsOutput = z.looseObject({
  data: record('profile_id and one row of options per network.'),
});

export const MediaStatusOutput = z.looseObject({
  file_id: z.string().describe('The file.'),
  status: z.string().describe('processing, uploading, verifying, ready or failed.'),
});

export const MediaPageOutput = z.looseObject({
  data: z.array(record('file_id, name, type, size, status, usable.')).describe('Files.'),
  next_cursor: cursor,
});

export const PostOutput = z.looseObject({
  id: z.string().describe('Its id.'),
  kind: z.enum(['post', 'scheduled_post']).describe('Which kind.'),
  done: z.boolean().describe('No more changes.'),
});

export const PostsPageOutput = z.looseObject({
  data: z.array(record('A post or scheduled post.')).describe('Newest first.'),
  next_cursor: cursor,
});

export const PerformanceOutput = z.looseObject({
  posts: z
    .array(
      z.looseObject({
        post_id: z.string().describe('The post.'),
        figures: z.looseObject({}).nullable().describe('By name; null: not reported.'),
        polled_at: z.string().nullable().describe('When collected.'),
      }),
    )
    .describe('One row per post.'),
});

export const PlaceOutcomesOutput = z.looseObject({
  places: z
    .array(
      z.looseObject({
        platform: z.string().describe('The network.'),
        http_status: z.number().int().describe('REST’s status.'),
        accepted: z.boolean().describe('False: refused.'),
        answer: record('REST’s answer or error body.'),
      }),
    )
    .describe('In the order asked.'),
});

export const MediaImportOutput = z.looseObject({
  file_id: z.string().describe('The file.'),
  status: z.string().describe('ready or processing.'),
});

export const UploadLinkOutput = z.looseObject({
  file_id: z.string().describe('The upload.'),
  next_step: z.string().describe('What to do next.'),
});

export const FinishUploadOutput = z.looseObject({
  file_id: z.string().describe('The upload.'),
  status: z.string().describe('ready or verifying.'),
});

export const ScheduledPostOutput = z.looseObject({
  scheduled_post_id: z.string().describe('The scheduled post.'),
  scheduled_at: z.string().describe('When it goes out.'),
});

export const CancelOutput = z.looseObject({
  data: record('scheduled_post_id, status, platforms.'),
});

/** A new attempt answers as POST /posts does: published, processing, queued or unknown. */
export const RetryOutput = z.looseObject({
  data: record('The result.').optional(),
  code: z.string().optional().describe('Set when queued or unknown.'),
  service: record('The new post_id.').optional(),
});
