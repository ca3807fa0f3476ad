import type { Platform } from '@socialpub/core';
import type { NetworkResult, PublishInput, RandomSource } from './network-driver.js';
import { bareUsername, hexId, numericId, shortCode } from './network-ids.js';

/**
 * How one network shapes its result ("Network result on publish": `status`, `post_id`,
 * `publish_id` or `container_id`, `message`, and a permalink once published). `ids` runs once when
 * the post is sent; `permalink` is recomputed from the result alone, so a post that finishes later
 * (tiktok, instagram, 202 processing) gets the same link as one published at once.
 */
/** The ids a network gives when it accepts a post, plus what its permalink needs later. */
export interface NetworkIds {
  post_id: string;
  publish_id?: string;
  container_id?: string;
  [field: string]: unknown;
}

export interface NetworkResultShape {
  ids(input: PublishInput, random: RandomSource): NetworkIds;
  permalink(result: NetworkResult, username: string): string;
}

function stringField(result: NetworkResult, field: string): string {
  const value = result[field];
  return typeof value === 'string' ? value : '';
}

function optionString(options: Record<string, unknown>, field: string): string | null {
  const value = options[field];
  return typeof value === 'string' && value !== '' ? value : null;
}

function facebookPageId(input: PublishInput, random: RandomSource): string {
  const page = input.connection.options['page'];
  if (typeof page === 'object' && page !== null && 'id' in page && typeof page.id === 'string')
    return page.id;
  return numericId(random, 15);
}

function hasVideo(input: PublishInput): boolean {
  return input.media.some((file) => file.kind === 'video');
}

function instagramMediaType(input: PublishInput): string {
  if (input.postType === 'reel') return 'REELS';
  if (input.postType === 'story') return 'STORIES';
  if (input.postType === 'carousel' || input.media.length > 1) return 'CAROUSEL_ALBUM';
  return hasVideo(input) ? 'REELS' : 'IMAGE';
}

export const NETWORK_RESULT_SHAPES: Record<Platform, NetworkResultShape> = {
  // tiktok answers with a publish_id; the video id (post_id) names the post once it is up.
  tiktok: {
    ids: (input, random) => ({
      post_id: numericId(random, 19),
      publish_id: `v_pub_file~v2-1.${numericId(random, 19)}`,
      media_type: hasVideo(input) ? 'video' : 'photo',
    }),
    permalink: (result, username) =>
      `https://www.tiktok.com/@${bareUsername(username)}/${stringField(result, 'media_type') === 'photo' ? 'photo' : 'video'}/${result.post_id}`,
  },
  // instagram publishes from a container; the shortcode is what the link shows.
  instagram: {
    ids: (input, random) => ({
      post_id: numericId(random, 17),
      container_id: numericId(random, 17),
      media_type: instagramMediaType(input),
      shortcode: shortCode(random, 11),
    }),
    permalink: (result) =>
      `https://www.instagram.com/${stringField(result, 'media_type') === 'REELS' ? 'reel' : 'p'}/${stringField(result, 'shortcode')}/`,
  },
  // facebook's own id is `<page id>_<post id>` and is what `data.post_id` carries.
  facebook: {
    ids: (input, random) => ({ post_id: `${facebookPageId(input, random)}_${numericId(random, 16)}` }),
    permalink: (result) => `https://www.facebook.com/${result.post_id}`,
  },
  youtube: {
    ids: (_input, random) => ({ post_id: shortCode(random, 11) }),
    permalink: (result) => `https://www.youtube.com/watch?v=${result.post_id}`,
  },
  x: {
    ids: (_input, random) => ({ post_id: numericId(random, 19) }),
    permalink: (result, username) => `https://x.com/${bareUsername(username)}/status/${result.post_id}`,
  },
  // linkedin's own id is a URN (share for text and images, ugcPost for video).
  linkedin: {
    ids: (input, random) => ({
      post_id: `urn:li:${hasVideo(input) ? 'ugcPost' : 'share'}:${numericId(random, 19)}`,
    }),
    permalink: (result) => `https://www.linkedin.com/feed/update/${result.post_id}/`,
  },
  pinterest: {
    ids: (input, random) => {
      const board = optionString(input.options, 'boardId');
      return { post_id: numericId(random, 18), ...(board === null ? {} : { board_id: board }) };
    },
    permalink: (result) => `https://www.pinterest.com/pin/${result.post_id}/`,
  },
  threads: {
    ids: (_input, random) => ({ post_id: numericId(random, 17), shortcode: shortCode(random, 11) }),
    permalink: (result, username) =>
      `https://www.threads.net/@${bareUsername(username)}/post/${stringField(result, 'shortcode')}`,
  },
  // skool's own id is a hex id; the link lives under the group the post went to.
  skool: {
    ids: (input, random) => ({
      post_id: hexId(random, 32),
      group: optionString(input.options, 'group') ?? 'community',
    }),
    permalink: (result) =>
      `https://www.skool.com/${stringField(result, 'group')}?p=${result.post_id.slice(0, 8)}`,
  },
};
