import { standardErrorBody } from '@socialpub/core';
import { type ConnectorBackend, ConnectorRefusal, type PostBody } from '../src/backend.js';

export const PROFILE_ID = '11111111-1111-4111-8111-111111111111';
export const FILE_ID = '22222222-2222-4222-8222-222222222222';

/** A backend that records what the tools asked, for tools tested without a server. */
export function fakeBackend(overrides: Partial<ConnectorBackend> = {}) {
  const sent: Array<{ post: PostBody; dryRun: boolean; idempotencyKey?: string | undefined }> = [];
  const backend: ConnectorBackend = {
    listAccounts: async () => ({
      data: [
        {
          profile_id: PROFILE_ID,
          profile_name: 'Demo Brand',
          handle: '@demobrand',
          created_at: '2026-01-01T00:00:00.000Z',
          networks: [],
        },
      ],
    }),
    getUsage: async () => ({ plan: 'skilled' }),
    getPostingOptions: async (profileId) => ({
      data: {
        profile_id: profileId,
        profile_name: 'Demo Brand',
        networks: [
          {
            platform: 'tiktok',
            status: 'ok',
            options: { privacy_level_options: ['SELF_ONLY', 'FOLLOWER_OF_CREATOR'] },
            note: null,
            checked_at: '2026-01-01T00:00:00.000Z',
            cached: false,
            error_code: null,
          },
        ],
        note: null,
        asked_at: '2026-01-01T00:00:00.000Z',
      },
    }),
    getMediaStatus: async (fileId) => ({
      success: true,
      file_id: fileId,
      status: 'ready',
      size: 10,
      type: 'image/png',
      public_url: 'http://127.0.0.1/files/x/secret.png',
      error: null,
    }),
    listMedia: async () =>
      ({ data: [], next_cursor: null, next_url: null, now: '2026-01-01T00:00:00.000Z' }) as never,
    getPost: async () => {
      throw new ConnectorRefusal(404, { ...standardErrorBody('post_not_found', 'No post with this id.') });
    },
    listPosts: async () => ({ data: [], next_cursor: null, next_url: 'http://127.0.0.1/api/v2/posts' }),
    createPost: async (post, options) => {
      sent.push({ post, ...options });
      if (post.platform === 'x') {
        throw new ConnectorRefusal(429, {
          ...standardErrorBody('rate_limited', 'Wait 12 seconds.', { retry_after_seconds: 12 }),
        });
      }
      return { status: 200, body: { data: { status: 'published' }, service: { post_id: 'p' } } };
    },
    cancelScheduledPost: async (id) => ({
      data: {
        scheduled_post_id: id,
        status: 'cancelled',
        platforms: ['x'],
        was_due_at: '2026-01-01T00:00:00.000Z',
        message: 'ok',
      },
    }),
    importMedia: async () => ({ status: 200, body: { success: true, file_id: FILE_ID, status: 'ready' } }),
    createUploadLink: async () => ({
      status: 201,
      body: {
        success: true,
        file_id: FILE_ID,
        upload: { url: 'http://storage/x', token: 't' },
        uploader: { command: 'run', download_url: 'http://x' },
      },
    }),
    finishUpload: async () => ({ status: 200, body: { success: true, status: 'ready' } }),
    ...overrides,
  };
  return { backend, sent };
}
