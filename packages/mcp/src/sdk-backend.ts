import type { Platform } from '@socialpub/core';
import { APIError, type SocialPub } from '@socialpub/sdk';
import {
  type BackendAnswer,
  type ConnectorBackend,
  ConnectorRefusal,
  type LibraryFilters,
  type PostBody,
  type PostListFilters,
  type UploadLinkInput,
} from './backend.js';

type Query = Record<string, string | number | boolean | undefined>;

/**
 * The connector's backend for the local stdio server: every tool goes through the SDK to the REST
 * API with the user's API key, so the answers are the REST answers. What REST cannot back is left
 * out (and with it its tool): `service_get_usage` (no usage read in the API),
 * `service_update_scheduled_post` (no endpoint changes a scheduled post; cancel-then-schedule over
 * two requests could lose the post or leave two) and `service_retry_post` (post records do not keep
 * their request, so REST cannot resend one).
 */
export class SdkConnectorBackend implements ConnectorBackend {
  constructor(private readonly client: SocialPub) {}

  async #request(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    init: { query?: Query; body?: unknown; idempotencyKey?: string | undefined } = {},
  ): Promise<BackendAnswer> {
    try {
      const response = await this.client.transport.request<Record<string, unknown>>({
        method,
        path,
        query: init.query,
        body: init.body,
        idempotencyKey: init.idempotencyKey,
      });
      return { status: response.status, body: response.data };
    } catch (error) {
      if (error instanceof APIError) {
        const body =
          typeof error.body === 'object' && error.body !== null
            ? (error.body as Record<string, unknown>)
            : { error: error.message };
        throw new ConnectorRefusal(error.status, body);
      }
      throw error;
    }
  }

  async #get<T>(path: string, query?: Query): Promise<T> {
    return (await this.#request('GET', path, query === undefined ? {} : { query })).body as T;
  }

  listAccounts() {
    return this.#get<Awaited<ReturnType<ConnectorBackend['listAccounts']>>>('/api/v2/accounts');
  }

  getPostingOptions(profileId: string, platforms?: Platform[]) {
    return this.#get<Awaited<ReturnType<ConnectorBackend['getPostingOptions']>>>(
      `/api/v2/accounts/${encodeURIComponent(profileId)}/options`,
      { platforms: platforms?.join(',') },
    );
  }

  getMediaStatus(fileId: string) {
    return this.#get<Awaited<ReturnType<ConnectorBackend['getMediaStatus']>>>('/api/v2/media', {
      file_id: fileId,
    });
  }

  listMedia(filters: LibraryFilters) {
    return this.#get<Awaited<ReturnType<ConnectorBackend['listMedia']>>>('/api/v2/media/files', {
      ...filters,
    });
  }

  getPost(id: string) {
    return this.#get<Awaited<ReturnType<ConnectorBackend['getPost']>>>(
      `/api/v2/posts/${encodeURIComponent(id)}`,
    );
  }

  listPosts(filters: PostListFilters) {
    return this.#get<Record<string, unknown>>('/api/v2/posts', { ...filters });
  }

  async createPost(post: PostBody, options: { dryRun: boolean; idempotencyKey?: string | undefined }) {
    const answer = await this.#request('POST', '/api/v2/posts', {
      body: options.dryRun ? { post, dryRun: true } : { post },
      idempotencyKey: options.dryRun ? undefined : options.idempotencyKey,
    });
    return answer;
  }

  async cancelScheduledPost(id: string) {
    const answer = await this.#request('DELETE', `/api/v2/posts/${encodeURIComponent(id)}`);
    return answer.body as Awaited<ReturnType<ConnectorBackend['cancelScheduledPost']>>;
  }

  importMedia(url: string, options: { idempotencyKey?: string | undefined }) {
    return this.#request('POST', '/api/v2/media', { body: { url }, idempotencyKey: options.idempotencyKey });
  }

  createUploadLink(input: UploadLinkInput) {
    return this.#request('POST', '/api/v2/media/uploads', { body: input });
  }

  finishUpload(fileId: string) {
    return this.#request('POST', `/api/v2/media/uploads/${encodeURIComponent(fileId)}/complete`);
  }

  async serverInfo() {
    return { name: 'socialpub', api: `${this.client.baseURL}/api/v2`, transport: 'stdio (local)' };
  }
}
