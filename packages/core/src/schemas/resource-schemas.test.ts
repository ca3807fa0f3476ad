import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import {
  AccountsListResponseSchema,
  CompleteResponseSchema,
  kindsForStatuses,
  LibraryListQuerySchema,
  LibraryPageSchema,
  MediaImportProcessingResponseSchema,
  MediaImportReadyResponseSchema,
  MediaStatusResponseSchema,
  OptionsQuerySchema,
  OptionsResponseSchema,
  PostListPageSchema,
  PostOrScheduledSchema,
  parsePlatformsParam,
  readStatusFilter,
  UploadLinkRequestSchema,
  UploadLinkSchema,
} from './index.js';

const ID = '0b7c1f0e-4a3d-4c55-9a57-8d9e8f2b1c3a';
const ID2 = '5f0e7a39-2b1d-4f6c-8e3a-1c2d3e4f5a6b';
const AT = '2026-11-02T10:00:00Z';
const SHA = 'a'.repeat(64);

const profile = {
  profile_id: ID,
  profile_name: 'Demo Brand',
  handle: '@demobrand',
  created_at: AT,
  networks: [
    {
      platform: 'tiktok',
      username: 'demo',
      status: 'connected',
      health: 'ready',
      access_expires_at: AT,
      connected_at: AT,
      updated_at: AT,
    },
  ],
};

const postRecord = {
  id: ID,
  kind: 'post',
  profile_id: ID2,
  platform: 'tiktok',
  status: 'success',
  done: true,
  media_type: 'image',
  publish_id: 'p_1',
  permalink: 'https://example.com/p/1',
  error_message: null,
  at: AT,
  updated_at: AT,
  scheduled_post_id: null,
  notices: [
    {
      code: 'resized_for_tiktok',
      message: 'Photo 1 was sent as a smaller copy.',
      photo: 1,
      photos: 2,
      size: { width: 3000, height: 4000 },
      copy_size: { width: 1080, height: 1440 },
    },
  ],
  figures: {
    metrics: {
      views: 10,
      likes: 2,
      comments: 0,
      shares: 1,
      impressions: null,
      reach: null,
      saves: null,
      clicks: null,
      watch_time_seconds: null,
    },
    not_reported: ['impressions', 'reach', 'saves', 'clicks', 'watch_time_seconds'],
    engagement: 3,
    polled_at: AT,
    note: null,
  },
};

const scheduledRecord = {
  id: ID2,
  kind: 'scheduled_post',
  profile_id: ID,
  platforms: ['x'],
  status: 'published',
  outcome: 'partly_failed',
  done: true,
  media_type: null,
  at: AT,
  scheduled_for: AT,
  created_at: AT,
  updated_at: AT,
  note: 'Moved to the next day: daily allowance used.',
  error_message: null,
  results: [
    {
      platform: 'x',
      post_id: ID,
      status: 'success',
      done: true,
      publish_id: '1',
      permalink: 'https://x.com/i/1',
      error_message: null,
      notices: [],
    },
  ],
};

const libraryItem = {
  file_id: ID,
  file_name: 'clip.mp4',
  type: 'video/mp4',
  kind: 'video',
  size: 1000,
  status: 'ready',
  usable: true,
  source: 'upload_link',
  uploaded_at: AT,
  expires_at: AT,
  confirm_before_posting: false,
  error: null,
};

const uploadLink = {
  success: true,
  file_id: ID,
  status: 'uploading',
  file_name: 'clip.mp4',
  size: 1000,
  type: 'video/mp4',
  sha256: SHA,
  renewed: false,
  upload: {
    protocol: 'tus-1.0.0',
    url: `http://127.0.0.1:8787/storage/uploads/${ID}`,
    token: 'tok',
    chunk_size: 6291456,
    token_expires_at: AT,
    upload_expires_at: AT,
    resume_before: AT,
  },
  next_step: 'Run the command, then call complete.',
  uploader: {
    shell: 'sh',
    runner: 'native',
    version: 'v1',
    download_url: 'http://127.0.0.1:8787/uploader/v1/uploader.sh',
    sha256: SHA,
    max_run_seconds: 100,
    command: 'sh -c ...',
  },
};

const examples: [string, z.ZodType, unknown][] = [
  ['accounts list', AccountsListResponseSchema, { data: [profile] }],
  [
    'options answer',
    OptionsResponseSchema,
    {
      data: {
        profile_id: ID,
        profile_name: 'Demo Brand',
        networks: [
          {
            platform: 'tiktok',
            status: 'ok',
            options: { privacy_level_options: ['SELF_ONLY'], comment_disabled: false },
            note: null,
            checked_at: AT,
            cached: false,
            error_code: null,
          },
          {
            platform: 'x',
            status: 'no_options',
            options: {},
            note: null,
            checked_at: null,
            cached: true,
            error_code: null,
          },
        ],
        note: null,
        asked_at: AT,
      },
    },
  ],
  [
    'import 200',
    MediaImportReadyResponseSchema,
    { success: true, file_id: ID, size: 10, type: 'image/jpeg', status: 'ready' },
  ],
  [
    'import 200 earlier form',
    MediaImportReadyResponseSchema,
    { success: true, file_id: ID, size: 10, type: 'image/jpeg' },
  ],
  [
    'import 202',
    MediaImportProcessingResponseSchema,
    { success: true, file_id: ID, status: 'processing', message: 'Importing.', size: 10, type: 'video/mp4' },
  ],
  [
    'media status',
    MediaStatusResponseSchema,
    {
      success: false,
      file_id: ID,
      status: 'verifying',
      size: 10,
      type: 'video/mp4',
      error: null,
      bytes_uploaded: 10,
      progress: 100,
    },
  ],
  ['library page', LibraryPageSchema, { data: [libraryItem], next_cursor: null, next_url: null, now: AT }],
  ['upload link', UploadLinkSchema, uploadLink],
  [
    'complete 202',
    CompleteResponseSchema,
    {
      success: true,
      file_id: ID,
      status: 'verifying',
      file_name: 'clip.mp4',
      size: 1000,
      type: 'video/mp4',
      sha256: SHA,
      message: 'Checking.',
      retry_after_seconds: 15,
    },
  ],
  ['post record', PostOrScheduledSchema, postRecord],
  ['scheduled post record', PostOrScheduledSchema, scheduledRecord],
  [
    'post list page',
    PostListPageSchema,
    { data: [postRecord, scheduledRecord], next_cursor: 'c', next_url: '/x' },
  ],
];

describe('resource schemas', () => {
  it.each(examples)('parses the document shape of %s', (_name, schema, value) => {
    expect(schema.safeParse(value).success).toBe(true);
  });

  it('refuses a metric the network did not report given as a string', () => {
    const bad = {
      ...postRecord,
      figures: { ...postRecord.figures, metrics: { ...postRecord.figures.metrics, views: 'n/a' } },
    };
    expect(PostOrScheduledSchema.safeParse(bad).success).toBe(false);
  });
});

describe('upload link request', () => {
  const valid = { file_name: 'clip.mp4', size_bytes: 1000, sha256: SHA.toUpperCase() };

  it('applies runner native and max_run_seconds 100 when left out', () => {
    expect(UploadLinkRequestSchema.parse(valid)).toMatchObject({ runner: 'native', max_run_seconds: 100 });
  });

  it.each([
    ['file_id sent on a new link', { ...valid, file_id: ID }],
    ['size 0', { ...valid, size_bytes: 0 }],
    ['fractional size', { ...valid, size_bytes: 1.5 }],
    ['short sha256', { ...valid, sha256: 'abc' }],
    ['unknown shell', { ...valid, shell: 'bash' }],
    ['max_run_seconds 29', { ...valid, max_run_seconds: 29 }],
    ['max_run_seconds 7001', { ...valid, max_run_seconds: 7001 }],
  ])('refuses %s', (_name, body) => {
    expect(UploadLinkRequestSchema.safeParse(body).success).toBe(false);
  });
});

describe('list queries', () => {
  it('reads include_unconfirmed and limit from query strings', () => {
    expect(LibraryListQuerySchema.parse({ include_unconfirmed: 'true', limit: '5' })).toMatchObject({
      include_unconfirmed: true,
      limit: 5,
    });
    expect(LibraryListQuerySchema.parse({})).toMatchObject({ include_unconfirmed: false, limit: 20 });
  });

  it.each([
    ['since without a zone', { since: '2026-11-02T10:00:00' }],
    ['limit 101', { limit: '101' }],
    ['limit 0', { limit: '0' }],
    ['include_unconfirmed yes', { include_unconfirmed: 'yes' }],
    ['name_contains over 120', { name_contains: 'a'.repeat(121) }],
    ['type gif', { type: 'gif' }],
  ])('library list refuses %s', (_name, query) => {
    expect(LibraryListQuerySchema.safeParse(query).success).toBe(false);
  });

  it('keeps unknown library parameters so they can be named in warnings', () => {
    expect(LibraryListQuerySchema.parse({ colour: 'red' })).toHaveProperty('colour', 'red');
  });

  it('refuses an empty or over-long skool_group_slug', () => {
    expect(OptionsQuerySchema.safeParse({ skool_group_slug: '' }).success).toBe(false);
    expect(OptionsQuerySchema.safeParse({ skool_group_slug: 'g'.repeat(201) }).success).toBe(false);
  });

  it('splits platforms and names the unknown ones', () => {
    expect(parsePlatformsParam('tiktok, x,mastodon,x')).toEqual({
      platforms: ['tiktok', 'x'],
      unknown: ['mastodon'],
    });
  });

  it.each([
    ['success,failed', { ok: true, statuses: ['success', 'failed'] }],
    ['published', { ok: false, value: 'published', hint: 'success' }],
    ['sent', { ok: false, value: 'sent', hint: undefined }],
  ])('reads status filter %s', (raw, expected) => {
    expect(readStatusFilter(raw)).toEqual(expected);
  });

  it.each([
    [['success'], ['post']],
    [['scheduled', 'cancelled'], ['scheduled_post']],
    [['failed'], ['post', 'scheduled_post']],
    [[], ['post', 'scheduled_post']],
  ] as const)('status filters %j select %j', (statuses, kinds) => {
    expect(kindsForStatuses(statuses)).toEqual(kinds);
  });
});
