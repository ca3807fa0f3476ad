import { describe, expect, it } from 'vitest';
import { CancelResponseSchema, DryRunResponseSchema } from './post-response.js';
import { classifyPublishResponse } from './publish-outcome.js';

const ID = '0b7c1f0e-4a3d-4c55-9a57-8d9e8f2b1c3a';
const SP = '5f0e7a39-2b1d-4f6c-8e3a-1c2d3e4f5a6b';
const AT = '2026-11-02T10:00:00Z';
const service = { post_id: ID, scheduled_post_id: null, status_url: `/api/v2/posts/${ID}` };
const scheduledService = { post_id: null, scheduled_post_id: SP, status_url: `/api/v2/posts/${SP}` };

const answers: [string, number, unknown][] = [
  [
    'published',
    200,
    { data: { status: 'success', post_id: 'n1', publish_id: 'p1', message: 'ok' }, service },
  ],
  [
    'published',
    200,
    {
      data: { status: 'processing', post_id: 'n1', container_id: 'c1', message: 'finishing' },
      service,
      warnings: [],
    },
  ],
  [
    'scheduled',
    202,
    {
      scheduled: true,
      code: 'scheduled',
      message: 'Scheduled.',
      scheduled_post_id: SP,
      scheduled_at: AT,
      platform: 'x',
      profile_id: ID,
      data: { status: 'scheduled', scheduled_post_id: SP, scheduled_at: AT },
      service: scheduledService,
    },
  ],
  [
    'queued',
    202,
    {
      queued: true,
      code: 'queued_for_next_day',
      message: 'Queued.',
      upgrade_url: 'https://example.com/upgrade',
      scheduled_post_id: SP,
      scheduled_at: AT,
      limit: 20,
      used: 20,
      plan: 'beginner',
      service: scheduledService,
    },
  ],
  [
    'still_publishing',
    202,
    {
      success: false,
      status: 'unknown',
      code: 'still_publishing',
      retry: false,
      message: 'Slow.',
      post_id: ID,
      service,
    },
  ],
  [
    'still_publishing',
    202,
    {
      success: false,
      status: 'unknown',
      code: 'still_publishing',
      retry: false,
      message: 'Slow.',
      post_id: null,
    },
  ],
  ['processing', 202, { data: { status: 'processing', job_id: 'j1', post_id: 'n1' }, service }],
  [
    'schedule_unconfirmed',
    202,
    {
      success: false,
      status: 'unknown',
      code: 'schedule_unconfirmed',
      retry: false,
      message: 'Check the Scheduled page.',
    },
  ],
];

describe('classifyPublishResponse', () => {
  it.each(answers)('classifies %s (HTTP %i)', (kind, status, body) => {
    const outcome = classifyPublishResponse(status, body);
    expect(outcome?.kind).toBe(kind);
    expect(outcome?.httpStatus).toBe(status);
  });

  it('carries service and warnings of the answer', () => {
    const warnings = [{ code: 'unknown_field', message: 'post.colour was not used.', field: 'post.colour' }];
    const outcome = classifyPublishResponse(200, { data: {}, service, warnings });
    expect(outcome?.service).toEqual(service);
    expect(outcome?.warnings).toEqual(warnings);
  });

  it('answers a dry run as a dry run, whichever place of the body asked for it', () => {
    const body = {
      dry_run: true,
      outcome: 'publish',
      would_publish: true,
      reason: { code: null, status: 200 },
      warnings: [],
    };
    expect(classifyPublishResponse(200, body)).toMatchObject({ kind: 'dry_run', httpStatus: 200, body });
  });

  it.each([
    ['an error answer', 409, { error: { code: 'media_processing', message: 'wait' } }],
    ['a 202 of no documented shape', 202, { hello: 'world' }],
    ['a 201', 201, { data: {}, service }],
  ])('answers null for %s', (_name, status, body) => {
    expect(classifyPublishResponse(status, body)).toBeNull();
  });
});

describe('other answers of /posts', () => {
  it('parses a dry run report', () => {
    const body = {
      dry_run: true,
      outcome: 'refuse',
      would_publish: false,
      reason: { code: 'pinterest_board_required', status: 400 },
      warnings: [],
    };
    expect(DryRunResponseSchema.safeParse(body).success).toBe(true);
    expect(DryRunResponseSchema.safeParse({ ...body, outcome: 'maybe' }).success).toBe(false);
  });

  it('parses a repeated cancel', () => {
    const body = {
      data: {
        scheduled_post_id: SP,
        status: 'cancelled',
        platforms: ['x'],
        was_due_at: AT,
        message: 'Cancelled.',
      },
      already_cancelled: true,
    };
    expect(CancelResponseSchema.safeParse(body).success).toBe(true);
  });
});
