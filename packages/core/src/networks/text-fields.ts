import { codePointLength, utf8ByteLength, utf16Length } from '../parsers/text-limits.js';
import { youtubeTagsLength } from '../parsers/youtube-tags.js';
import type { Platform } from '../platforms.js';
import { NETWORKS } from './networks.js';
import type { RefusalRule, RuleField, RuleUnit } from './refusal-rules.js';
import {
  angleBracketCount,
  distinctLinkCount,
  hashtagCount,
  mentionCount,
  threadsLength,
} from './text-counts.js';
import { invalidXCharacters, loadXTextCounting, xTextCountingReady, xWeightedLength } from './x-text.js';

/** The text of a post as the rules read it: `content.text`, the network's options block, its post type. */
export interface PostText {
  text: string | null;
  /** The network's options block (`post.<platform>`): titles, tags, alt text, links. */
  options?: Readonly<Record<string, unknown>>;
  /** When known, rules for other post types are left out (tiktok's caption is for videos only). */
  postType?: string;
}

/** One count against its limit, as the composer, the inbox card and a refusal show it. */
export interface FieldCount {
  /** The rule's id in its network's table, e.g. `x.text.length`. */
  rule: string;
  field: RuleField;
  what: string;
  count: number;
  /** The most allowed; `count` over it is not ok. */
  limit: number;
  unit: RuleUnit;
  ok: boolean;
}

const nonEmpty = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/** A YouTube title: `youtube.title`, else the text (the service's rule: publishing/caption-rules). */
function youtubeTitle(post: PostText): string | null {
  return nonEmpty(post.options?.['title']) ?? nonEmpty(post.text);
}

/** A YouTube description: `youtube.description`, else the text when a title was given. */
function youtubeDescription(post: PostText): string | null {
  const given = nonEmpty(post.options?.['description']);
  if (given !== null) return given;
  return nonEmpty(post.options?.['title']) === null ? null : nonEmpty(post.text);
}

const text = (post: PostText): string | null => nonEmpty(post.text);
const option =
  (name: string) =>
  (post: PostText): string | null =>
    nonEmpty(post.options?.[name]);

type TextMeasure = (post: PostText) => number | null;
const measured =
  (read: (post: PostText) => string | null, count: (value: string) => number): TextMeasure =>
  (post) => {
    const value = read(post);
    return value === null ? null : count(value);
  };

/**
 * One counting function per text field of each network's table, by rule id. A field that is absent
 * (no title given, no text) is not counted: the API document's own rules decide whether it is needed.
 */
const TEXT_MEASURES: Readonly<Record<string, TextMeasure>> = {
  'x.text.length': measured(text, xWeightedLength),
  'x.text.invalid_characters': measured(text, (t) => invalidXCharacters(t).length),
  'linkedin.text.length': measured(text, codePointLength),
  'instagram.text.length': measured(text, codePointLength),
  'instagram.text.hashtags': measured(text, hashtagCount),
  'instagram.text.mentions': measured(text, mentionCount),
  'threads.text.length': measured(text, threadsLength),
  'threads.text.links': measured(text, distinctLinkCount),
  'tiktok.text.length': measured(text, utf16Length),
  'tiktok.title.length': measured(option('title'), utf16Length),
  'tiktok.description.length': measured(text, utf16Length),
  'youtube.title.length': measured(youtubeTitle, codePointLength),
  'youtube.title.characters': (post) => {
    const title = youtubeTitle(post);
    const description = youtubeDescription(post);
    if (title === null && description === null) return null;
    return angleBracketCount(title ?? '') + angleBracketCount(description ?? '');
  },
  'youtube.description.length': measured(youtubeDescription, utf8ByteLength),
  'youtube.tags.length': (post) => {
    const tags = post.options?.['tags'];
    if (!Array.isArray(tags) || !tags.every((t): t is string => typeof t === 'string')) return null;
    return tags.length === 0 ? null : youtubeTagsLength(tags);
  },
  'pinterest.title.length': measured(option('title'), codePointLength),
  'pinterest.description.length': measured(text, codePointLength),
  'pinterest.alt_text.length': measured(option('altText'), codePointLength),
  'pinterest.link.length': measured(option('link'), codePointLength),
};

/** Whether a rule applies to a post type; an unknown post type takes every rule. */
export function ruleAppliesTo(rule: RefusalRule, postType: string | undefined): boolean {
  return (
    rule.appliesTo === undefined ||
    postType === undefined ||
    (rule.appliesTo as readonly string[]).includes(postType)
  );
}

/** The rows of a network's table that count text, in table order, made once per network. */
const textRules = new Map<Platform, readonly RefusalRule[]>();
function textRulesOf(platform: Platform): readonly RefusalRule[] {
  let rules = textRules.get(platform);
  if (rules === undefined) {
    rules = NETWORKS[platform].refuses.filter((rule) => TEXT_MEASURES[rule.id] !== undefined);
    textRules.set(platform, rules);
  }
  return rules;
}

/** The text-counting rule ids, so a test can hold every text rule of the table to one. */
export const TEXT_RULE_IDS: readonly string[] = Object.keys(TEXT_MEASURES);

/**
 * Every text count of a post on one network (the composer's counters, the inbox card's, a dry
 * run's), each against its limit. X needs twitter-text loaded (`prepareTextCounting`) unless the
 * text is plain ASCII without a full stop.
 */
export function countPostText(platform: Platform, post: PostText): FieldCount[] {
  const counts: FieldCount[] = [];
  for (const rule of textRulesOf(platform)) {
    if (rule.max === null || !ruleAppliesTo(rule, post.postType)) continue;
    const count = (TEXT_MEASURES[rule.id] as TextMeasure)(post);
    if (count === null) continue;
    counts.push({
      rule: rule.id,
      field: rule.field,
      what: rule.what,
      count,
      limit: rule.max,
      unit: rule.unit,
      ok: count <= rule.max,
    });
  }
  return counts;
}

/**
 * Null when counting this network's text needs no waiting; else a promise that loads what it needs
 * (X: twitter-text, once per process).
 */
export function prepareTextCounting(platform: Platform): Promise<void> | null {
  if (platform !== 'x' || xTextCountingReady()) return null;
  return loadXTextCounting();
}
