import { YOUTUBE_RULES } from '../networks/youtube.js';
import { captionLimit } from './caption-limit.js';

/** "youtube tags 500 characters" (Limits, Media; `youtube.tags` budget as YouTube counts them). */
export const YOUTUBE_TAGS_MAX_LENGTH: number = captionLimit(YOUTUBE_RULES.captions.tags, 'youtube tags');

export interface YoutubeTagsFit {
  length: number;
  fits: boolean;
  /** Tags to take off the end of the list so the rest fits; feeds `error.remove_tags`. */
  removeTags: string[];
}

/*
 * Counting rule, as YouTube counts its 500-character tag budget:
 *   - each tag counts its characters (Unicode code points);
 *   - a tag containing a space counts 2 more, for the quotes YouTube puts around it;
 *   - each comma between two tags counts 1 (n tags, n - 1 commas).
 * Tags are counted exactly as given: trimming or dropping empty tags is the caller's choice.
 */
function tagLength(tag: string): number {
  return [...tag].length + (tag.includes(' ') ? 2 : 0);
}

export function youtubeTagsLength(tags: readonly string[]): number {
  if (tags.length === 0) return 0;
  return tags.reduce((sum, tag) => sum + tagLength(tag), 0) + (tags.length - 1);
}

/**
 * Measures the tags and, when over the budget, names the fewest tags to remove from the end of
 * the list for the rest to fit (400 youtube_tags_too_long with `tags_length`, `max_tags_length`,
 * `remove_tags`), in their original order.
 */
export function fitYoutubeTags(tags: readonly string[], max = YOUTUBE_TAGS_MAX_LENGTH): YoutubeTagsFit {
  const length = youtubeTagsLength(tags);
  if (length <= max) return { length, fits: true, removeTags: [] };
  let keep = tags.length;
  let kept = length;
  while (keep > 0 && kept > max) {
    keep -= 1;
    kept = youtubeTagsLength(tags.slice(0, keep));
  }
  return { length, fits: false, removeTags: tags.slice(keep) };
}
