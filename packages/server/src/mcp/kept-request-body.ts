import type { Platform } from '@socialpub/core';
import type { PostBody } from '@socialpub/mcp';

/** The kept request of a scheduled post (publishing-store `KeptPostRequest`), as stored. */
export interface StoredKeptRequest {
  profileId: string;
  platform: Platform;
  text: string | null;
  mediaIds: string[];
  mediaUrls: string[];
  options: Record<string, unknown>;
}

/** A scheduled post's kept request as the POST /posts `post` object that would make it again. */
export function postBodyOfKept(kept: StoredKeptRequest): PostBody {
  const content: Record<string, unknown> = {};
  if (kept.text !== null) content['text'] = kept.text;
  if (kept.mediaIds.length > 0) content['mediaID'] = kept.mediaIds;
  if (kept.mediaUrls.length > 0) content['mediaUrls'] = kept.mediaUrls;
  const body: PostBody = { accountId: kept.profileId, platform: kept.platform, content };
  if (Object.keys(kept.options).length > 0) body[kept.platform] = kept.options;
  return body;
}
