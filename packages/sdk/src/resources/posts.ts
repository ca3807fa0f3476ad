import { LIMITS } from '@socialpub/core';
import { PagePromise } from '../pagination.js';
import { idempotencyKeyFor, type RequestOptions, type Transport } from '../transport.js';
import type {
  CancelResponse,
  DryRunResponse,
  Platform,
  PostRecord,
  PostRequest,
  PublishOutcome,
  ScheduledPostRecord,
} from '../types.js';
import { toPublishOutcome } from './publish-outcome.js';
import { pollUntil, type WaitOptions } from './wait.js';

export type PostListStatus = 'success' | 'failed' | 'processing' | 'timeout' | 'scheduled' | 'cancelled';

export interface PostListParams {
  /** 1 to 100, default 20. */
  limit?: number;
  cursor?: string;
  status?: PostListStatus | readonly PostListStatus[];
  platform?: Platform;
  kind?: 'post' | 'scheduled_post';
  profile_id?: string;
}

export type AnyPostRecord = PostRecord | ScheduledPostRecord;

export interface PostsPage {
  data: AnyPostRecord[];
  next_cursor: string | null;
  next_url: string | null;
  warnings?: { code: string; message: string }[];
}

export interface CreatePostOptions extends RequestOptions {
  /** Sent on every attempt; when absent one is generated per call, so a retry never posts twice. */
  idempotencyKey?: string;
  /** Send to the older posts address `/legacy/posts` (same rules, same idempotency entry). */
  legacy?: boolean;
}

/** Poll every 30 seconds up to 10 minutes until `done` ("GET /api/v2/posts/{id}"). */
const POST_POLL_INTERVAL_MS = LIMITS.polling.postEverySeconds * 1000;
const POST_POLL_TIMEOUT_MS = LIMITS.polling.postUpToSeconds * 1000;

/** POST, GET and DELETE of /posts. */
export class Posts {
  constructor(private readonly transport: Transport) {}

  /** Publishes, queues or schedules; `switch (outcome.kind)` tells which happened. */
  create(post: PostRequest, options?: CreatePostOptions & { dryRun?: false }): Promise<PublishOutcome>;
  create(post: PostRequest, options: CreatePostOptions & { dryRun: true }): Promise<DryRunResponse>;
  async create(
    post: PostRequest,
    options: CreatePostOptions & { dryRun?: boolean } = {},
  ): Promise<PublishOutcome | DryRunResponse> {
    const { idempotencyKey, legacy, dryRun, ...requestOptions } = options;
    const response = await this.transport.request<unknown>({
      method: 'POST',
      path: legacy ? '/legacy/posts' : '/api/v2/posts',
      body: dryRun ? { post, dryRun: true } : { post },
      idempotencyKey: idempotencyKeyFor(idempotencyKey),
      options: requestOptions,
    });
    if (dryRun) return response.data as DryRunResponse;
    return toPublishOutcome(response.status, response.data);
  }

  /** Dry run: every publishing check, nothing sent, counted or recorded. */
  async validate(
    post: PostRequest,
    options?: RequestOptions & { legacy?: boolean },
  ): Promise<DryRunResponse> {
    const { legacy, ...requestOptions } = options ?? {};
    const response = await this.transport.request<DryRunResponse>({
      method: 'POST',
      path: legacy ? '/legacy/posts' : '/api/v2/posts',
      body: { validate: post },
      options: requestOptions,
    });
    return response.data;
  }

  list(params: PostListParams = {}, options?: RequestOptions): PagePromise<AnyPostRecord, PostsPage> {
    const { cursor, ...query } = params;
    return new PagePromise<AnyPostRecord, PostsPage>(async (next) => {
      const response = await this.transport.request<PostsPage>({
        method: 'GET',
        path: '/api/v2/posts',
        query: { ...query, cursor: next },
        options,
      });
      return response.data;
    }, cursor);
  }

  /** A post id or a scheduled post id. */
  async retrieve(id: string, options?: RequestOptions): Promise<AnyPostRecord> {
    const response = await this.transport.request<AnyPostRecord>({
      method: 'GET',
      path: `/api/v2/posts/${encodeURIComponent(id)}`,
      options,
    });
    return response.data;
  }

  /** Cancels a scheduled post; a repeat answers 200 with `already_cancelled: true`. */
  async cancel(
    scheduledPostId: string,
    options?: RequestOptions & { legacy?: boolean },
  ): Promise<CancelResponse> {
    const { legacy, ...requestOptions } = options ?? {};
    const base = legacy ? '/legacy/posts' : '/api/v2/posts';
    const response = await this.transport.request<CancelResponse>({
      method: 'DELETE',
      path: `${base}/${encodeURIComponent(scheduledPostId)}`,
      options: requestOptions,
    });
    return response.data;
  }

  /** Reads the post until `done` is true (a `timeout` post becomes done only after its network's window). */
  waitUntilDone(id: string, options: WaitOptions & RequestOptions = {}): Promise<AnyPostRecord> {
    const { timeoutMs, intervalMs, ...requestOptions } = options;
    return pollUntil(this.transport, {
      read: () => this.retrieve(id, requestOptions),
      isDone: (record) => record.done === true,
      intervalMs: () => intervalMs ?? this.transport.config.pollIntervalMs ?? POST_POLL_INTERVAL_MS,
      timeoutMs: timeoutMs ?? POST_POLL_TIMEOUT_MS,
      signal: options.signal,
      what: `Post ${id}`,
    });
  }
}
