import type { Platform } from '@socialpub/core';
import type { KeptPostRequest } from '../publishing/publishing-store.js';

/** A POST /posts `post` object: the profile, the network, `content` and the network's option block. */
export type PostObject = Record<string, unknown> & { accountId: string; platform: Platform };

/** The fields of a kept request that make the post again; the rest is derived when it is checked. */
export type KeptPostContent = Pick<
  KeptPostRequest,
  'profileId' | 'platform' | 'text' | 'mediaIds' | 'mediaUrls' | 'options'
>;

/** A scheduled post's kept request as the POST /posts `post` object that would make it again. */
export function postBodyOfKept(kept: KeptPostContent): PostObject {
  const content: Record<string, unknown> = {};
  if (kept.text !== null) content['text'] = kept.text;
  if (kept.mediaIds.length > 0) content['mediaID'] = kept.mediaIds;
  if (kept.mediaUrls.length > 0) content['mediaUrls'] = kept.mediaUrls;
  const body: PostObject = { accountId: kept.profileId, platform: kept.platform, content };
  if (Object.keys(kept.options).length > 0) body[kept.platform] = kept.options;
  return body;
}

/** The kept request a scheduled post stores (its row's `request` column). */
export function keptRequestOf(scheduled: { request: Record<string, unknown> }): KeptPostRequest {
  return scheduled.request as unknown as KeptPostRequest;
}
