import {
  apiError,
  LIBRARY_LIST_PARAMETERS,
  LibraryListQuerySchema,
  normalizeIdempotencyKey,
  POST_LIST_PARAMETERS,
  PostListQuerySchema,
} from '@socialpub/core';
import type {
  BackendAnswer,
  ConnectorBackend,
  LibraryFilters,
  PostBody,
  PostListFilters,
  ScheduledPostChanges,
  UploadLinkInput,
} from '@socialpub/mcp';
import type { IdempotencyScope } from '../db/idempotency-repo.js';
import { listLibrary } from '../domain/media/library.js';
import { readMediaStatus } from '../domain/media/media-status.js';
import { cancelPost } from '../domain/posts/cancel-post.js';
import { listPosts } from '../domain/posts/list-posts.js';
import { readPost } from '../domain/posts/read-post.js';
import { requireUuid, validateQuery } from '../http/query.js';
import type { Services } from '../services.js';
import type { ConnectorCaller } from './connector-caller.js';
import { ownerId, uploadCaller } from './connector-caller.js';
import type { ConnectorContext } from './connector-context.js';
import { connectorUsage } from './connector-usage.js';
import { asRestAnswer, type BackendAnswerWithMemory, refuseErrorAnswer } from './domain-answers.js';
import { admitToUploadBudget, countImportedBytes } from './import-budget.js';
import { retryFailedPost } from './retry-post.js';
import { updateScheduledPost } from './update-scheduled-post.js';

function strings(values: Record<string, string | number | boolean | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) if (value !== undefined) out[name] = String(value);
  return out;
}

/**
 * The connector's tools over the domain layer: the same functions the REST routes call, scoped to
 * the caller's account, so every rule (allowance, attempts, X add-on, 20-second spacing, skool,
 * read limits, plan gates, idempotency) is the one REST applies. Never calls the server over HTTP.
 */
export class DomainConnectorBackend implements ConnectorBackend {
  constructor(
    private readonly context: ConnectorContext,
    private readonly caller: ConnectorCaller,
  ) {}

  get #services(): Services {
    return this.context.services;
  }

  get #accountId(): string {
    return this.caller.account.id;
  }

  async listAccounts() {
    return asRestAnswer('standard', () => {
      this.#services.readLimiter.take(this.#accountId, 'accounts');
      // The same answer GET /api/v2/accounts gives, from the same per-account cache.
      const now = this.#services.clocks.forAccount(this.#accountId).now();
      const json = this.context.accountsAnswers.json(this.#accountId, now);
      return JSON.parse(json) as Awaited<ReturnType<ConnectorBackend['listAccounts']>>;
    });
  }

  async getUsage() {
    return connectorUsage(this.#services, this.caller.account);
  }

  async getPostingOptions(
    profileId: string,
    platforms?: Parameters<ConnectorBackend['getPostingOptions']>[1],
  ) {
    return asRestAnswer('standard', () => {
      this.#services.readLimiter.take(this.#accountId, 'options');
      const data = this.#services.postingOptions.read(this.#accountId, requireUuid(profileId), {
        platforms,
        skoolGroupSlug: undefined,
      });
      return { data };
    });
  }

  async getMediaStatus(fileId: string) {
    return asRestAnswer('media_import', () =>
      readMediaStatus(this.#services.repos, this.#accountId, fileId, this.#services.urls.base),
    );
  }

  async listMedia(filters: LibraryFilters) {
    return asRestAnswer('standard', () => {
      const query = validateQuery(LibraryListQuerySchema, strings({ ...filters }), LIBRARY_LIST_PARAMETERS);
      const { media, repos, clocks, urls } = this.#services;
      return listLibrary(repos, media.retention, {
        accountId: this.#accountId,
        query,
        warnings: [],
        cursorSecret: media.cursorSecret(),
        baseUrl: urls.base,
        // The account's own clock (a test clock, or the server's), as GET /media/library reads it.
        now: clocks.forAccount(this.#accountId).now(),
      });
    });
  }

  async getPost(id: string) {
    return asRestAnswer('standard', () => {
      this.#services.readLimiter.take(this.#accountId, 'post');
      return readPost(this.#services, this.#accountId, requireUuid(id));
    });
  }

  async listPosts(filters: PostListFilters) {
    return asRestAnswer('standard', () => {
      this.#services.readLimiter.take(this.#accountId, 'posts');
      const query = validateQuery(PostListQuerySchema, strings({ ...filters }), POST_LIST_PARAMETERS);
      return { ...listPosts(this.#services, this.#accountId, query) };
    });
  }

  async createPost(post: PostBody, options: { dryRun: boolean; idempotencyKey?: string | undefined }) {
    const body = options.dryRun ? { post, dryRun: true } : { post };
    const send = () =>
      asRestAnswer('standard', () =>
        this.#services.publishing.handle({
          address: 'current',
          account: this.caller.account,
          rawBody: JSON.stringify(body),
          idempotencyKey: undefined,
        }),
      );
    // Rule 10: dry runs ignore the key.
    const answer = options.dryRun
      ? await send()
      : await this.#once('posts', options.idempotencyKey, body, send);
    if (!options.dryRun) this.#recordRequest(post, answer.body);
    refuseErrorAnswer(answer);
    return { status: answer.status, body: answer.body };
  }

  async cancelScheduledPost(id: string) {
    return asRestAnswer('standard', () => cancelPost(this.#services, this.#accountId, requireUuid(id)));
  }

  async importMedia(url: string, options: { idempotencyKey?: string | undefined }): Promise<BackendAnswer> {
    const { services } = this.context;
    const account = this.caller.account;
    const answer = await this.#once('media', options.idempotencyKey, { url }, async () => {
      const imported = await asRestAnswer('media_import', () =>
        services.media.importer.importFromUrl(
          account,
          { url },
          { admit: (size) => admitToUploadBudget(services, account, size) },
        ),
      );
      countImportedBytes(services, account, imported.body);
      return { status: imported.status, body: { ...imported.body }, remember: true };
    });
    return { status: answer.status, body: answer.body };
  }

  async createUploadLink(input: UploadLinkInput): Promise<BackendAnswer> {
    const service = this.#services.uploadLinks;
    const { status, body } = await asRestAnswer('upload_link', () =>
      service.create(uploadCaller(this.caller), input),
    );
    return { status, body: { ...body } };
  }

  async finishUpload(fileId: string): Promise<BackendAnswer> {
    const service = this.#services.uploadLinks;
    const { status, body } = await asRestAnswer('upload_link', () =>
      service.complete(uploadCaller(this.caller), fileId),
    );
    return { status, body: { ...body } };
  }

  async updateScheduledPost(id: string, changes: ScheduledPostChanges): Promise<BackendAnswer> {
    return asRestAnswer('standard', () =>
      updateScheduledPost(this.#services, this.caller, requireUuid(id), changes),
    );
  }

  async retryPost(id: string): Promise<BackendAnswer> {
    const post = await asRestAnswer('standard', () =>
      retryFailedPost(this.#services, this.caller, requireUuid(id)),
    );
    return this.createPost(post, { dryRun: false });
  }

  async serverInfo() {
    return {
      name: 'socialpub',
      api: `${this.#services.urls.base}/api/v2`,
      mcp: `${this.#services.urls.base}/mcp`,
      plan: this.caller.account.plan,
    };
  }

  /** Idempotency exactly as POST /posts and POST /media apply it, by API key or by grant. */
  async #once(
    scope: IdempotencyScope,
    rawKey: string | undefined,
    body: unknown,
    work: () => Promise<BackendAnswerWithMemory>,
  ): Promise<BackendAnswerWithMemory> {
    if (rawKey === undefined) return work();
    const normalized = normalizeIdempotencyKey(rawKey);
    if (!normalized.ok || normalized.key === null) {
      return asRestAnswer(scope === 'media' ? 'media_import' : 'standard', () => {
        throw apiError(
          'idempotency_key_invalid',
          'idempotencyKey must be 1 to 255 printable ASCII characters; nothing was sent.',
        );
      });
    }
    const owner = {
      id: ownerId(this.caller),
      isGrant: this.caller.kind === 'grant',
      accountId: this.#accountId,
    };
    return asRestAnswer(scope === 'media' ? 'media_import' : 'standard', () =>
      this.context.idempotency.run(owner, scope, normalized.key as string, body, work),
    );
  }

  /** Keeps the request behind each post and scheduled post it made (retry; Disconnect). */
  #recordRequest(post: PostBody, answer: Record<string, unknown>): void {
    // A network's refusal after sending carries the ids inside `error` (Responses, "service").
    const error = answer['error'] as { service?: unknown } | undefined;
    const service = (answer['service'] ?? error?.service) as
      | { post_id?: unknown; scheduled_post_id?: unknown }
      | undefined;
    const id = typeof service?.scheduled_post_id === 'string' ? service.scheduled_post_id : service?.post_id;
    if (typeof id !== 'string') return;
    this.#services.repos.connectorRequests.record({
      id,
      kind: typeof service?.scheduled_post_id === 'string' ? 'scheduled_post' : 'post',
      accountId: this.#accountId,
      grantId: this.caller.kind === 'grant' ? this.caller.grant.grantId : null,
      apiKeyId: this.caller.kind === 'api_key' ? this.caller.apiKey.id : null,
      request: post,
      createdAt: this.#services.clocks.forAccount(this.#accountId).now().toISOString(),
    });
  }
}
