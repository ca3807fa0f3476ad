import type {
  AccountsListResponse,
  CancelResponse,
  LibraryPage,
  MediaStatusResponse,
  OptionsResponse,
  Platform,
  PostOrScheduled,
} from '@socialpub/core';

/** An answer as the REST API gives it: its HTTP status and JSON body. */
export interface BackendAnswer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * A refusal as the REST API answers it (status and error body). Backends throw it; the tools turn
 * it into a tool error that carries the same body, so an AI app reads the same codes as REST.
 */
export class ConnectorRefusal extends Error {
  override name = 'ConnectorRefusal';
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(refusalMessage(body) ?? `Refused with status ${status}.`);
  }
}

function refusalMessage(body: Record<string, unknown>): string | undefined {
  const error = body['error'];
  if (typeof error === 'string') return error;
  if (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { message?: unknown }).message === 'string'
  ) {
    return (error as { message: string }).message;
  }
  return undefined;
}

/** The body of POST /posts `post` (one network from one profile). */
export type PostBody = Record<string, unknown> & { accountId: string; platform: Platform };

export interface PostListFilters {
  limit?: number | undefined;
  cursor?: string | undefined;
  status?: string | undefined;
  platform?: Platform | undefined;
  kind?: 'post' | 'scheduled_post' | undefined;
  profile_id?: string | undefined;
}

export interface LibraryFilters {
  name_contains?: string | undefined;
  type?: 'image' | 'video' | undefined;
  since?: string | undefined;
  limit?: number | undefined;
  cursor?: string | undefined;
  include_unconfirmed?: boolean | undefined;
}

export interface UploadLinkInput {
  file_name: string;
  size_bytes: number;
  sha256: string;
  shell?: 'powershell' | 'sh' | undefined;
  runner?: 'native' | 'node' | undefined;
  max_run_seconds?: number | undefined;
}

/** What a waiting scheduled post may change (`service_update_scheduled_post`). */
export interface ScheduledPostChanges {
  text?: string | undefined;
  mediaID?: string[] | undefined;
  scheduledFor?: string | number | undefined;
  /** The network's option block, replacing the kept one. */
  options?: Record<string, unknown> | undefined;
}

/**
 * What the connector's tools need, in the API's own words. The reference server implements it with
 * its domain layer (the same functions as the REST routes, scoped to the signed-in account); the
 * local stdio server implements it with the SDK over REST. Every method answers the REST body, or
 * throws `ConnectorRefusal` with the REST error answer. Optional members are those REST cannot back.
 */
export interface ConnectorBackend {
  listAccounts(): Promise<AccountsListResponse>;
  /** Absent over REST: the API has no usage read (the admin view is not the app's). */
  getUsage?(): Promise<Record<string, unknown>>;
  getPostingOptions(profileId: string, platforms?: Platform[]): Promise<OptionsResponse>;
  getMediaStatus(fileId: string): Promise<MediaStatusResponse>;
  listMedia(filters: LibraryFilters): Promise<LibraryPage>;
  getPost(id: string): Promise<PostOrScheduled>;
  listPosts(filters: PostListFilters): Promise<Record<string, unknown>>;
  /** POST /posts: publish, queue or schedule (`scheduledFor` in the body), or a dry run. */
  createPost(
    post: PostBody,
    options: { dryRun: boolean; idempotencyKey?: string | undefined },
  ): Promise<BackendAnswer>;
  cancelScheduledPost(id: string): Promise<CancelResponse>;
  importMedia(url: string, options: { idempotencyKey?: string | undefined }): Promise<BackendAnswer>;
  createUploadLink(input: UploadLinkInput): Promise<BackendAnswer>;
  finishUpload(fileId: string): Promise<BackendAnswer>;
  /** Changes a waiting scheduled post in place; absent where no endpoint can do it atomically. */
  updateScheduledPost?(id: string, changes: ScheduledPostChanges): Promise<BackendAnswer>;
  /** Sends a failed post again as a new attempt; absent where the request is not kept. */
  retryPost?(id: string): Promise<BackendAnswer>;
  /** For `server_info`: the service's address and who is calling. */
  serverInfo?(): Promise<Record<string, unknown>>;
}
