import type { Platform } from '../platforms.js';
import { MEDIA_MEASURES, type MediaFacts, type RulesMediaFile } from './media-measures.js';
import { NETWORKS } from './networks.js';
import type { RefusalRule } from './refusal-rules.js';
import { countPostText, type FieldCount, type PostText, ruleAppliesTo } from './text-fields.js';

/** A post as the networks' rules read it: its text, options block, post type and files. */
export interface PostForRules extends PostText {
  media: readonly RulesMediaFile[];
}

/**
 * What the server knows from the profile's history on the network: the history rules of the
 * table (duplicates, posts per period) need it; the rest is the post itself.
 */
export interface HistoryFacts extends MediaFacts {
  /**
   * The earlier post the network calls this one a duplicate of, as the network names it (LinkedIn
   * `urn:li:share:...`); null or absent when there is none.
   */
  duplicateOf?: string | null;
  /** Posts the network accepted within a rate rule's window, by rule id (`x.rate.posts`). */
  postsInWindow?: Readonly<Record<string, number>>;
}

/** A refusal as the service answers it: the API document's status and code, the network's words. */
export interface NetworkRefusal {
  rule: string;
  status: number;
  code: string;
  message: string;
  /** True when the network gives no code of the API document's own (`bad_request` derived from 400). */
  derived: boolean;
}

export interface NetworkRulesCheck {
  /** Every text count of the post against its limit (`{count, limit, unit, ok}` per field). */
  counts: FieldCount[];
  /** The first rule the post breaks, in table order, or null. */
  refusal: NetworkRefusal | null;
}

const DERIVED_CODES = new Set(['bad_request', 'forbidden', 'unauthorized', 'not_found', 'platform_error']);

function refusal(rule: RefusalRule, detail: string): NetworkRefusal {
  return {
    rule: rule.id,
    status: rule.answer.status,
    code: rule.answer.code,
    message: `${rule.words} ${detail}`,
    derived: DERIVED_CODES.has(rule.answer.code) && rule.platform !== 'linkedin',
  };
}

const n = (value: number): string => value.toLocaleString('en-US');

/** "Text length: 416 of 280 weighted characters." */
export function countDetail(count: FieldCount): string {
  return `${count.what}: ${n(count.count)} of ${n(count.limit)} ${count.unit}.`;
}

function historyRefusal(rule: RefusalRule, facts: HistoryFacts): NetworkRefusal | null {
  if (rule.unit === 'identical posts') {
    const earlier = facts.duplicateOf;
    if (earlier === undefined || earlier === null) return null;
    // LinkedIn names the earlier share in its own words; X and Facebook only say that it is one.
    if (rule.platform === 'linkedin') return { ...refusal(rule, ''), message: `${rule.words} ${earlier}.` };
    return refusal(rule, `The same text went out before as ${earlier}.`);
  }
  const posted = facts.postsInWindow?.[rule.id];
  if (posted === undefined || rule.max === null || posted < rule.max) return null;
  return refusal(rule, `${rule.what}: ${n(posted)} already, at most ${n(rule.max)}.`);
}

/**
 * Checks a post against one network's table: every text count, and the first rule the network
 * would refuse it for (text, then files, then its history, in table order). Only rows the network
 * applies refuse; the API document's own checks (413, shortened titles...) answer before this.
 * X needs twitter-text loaded first unless the text is plain ASCII (`prepareTextCounting`).
 */
export function checkNetworkRules(
  platform: Platform,
  post: PostForRules,
  facts: HistoryFacts = {},
): NetworkRulesCheck {
  const counts = countPostText(platform, post);
  let found: NetworkRefusal | null = null;
  for (const count of counts) {
    if (count.ok || found !== null) continue;
    const rule = ruleById(platform, count.rule);
    if (rule.applied === 'network') found = refusal(rule, countDetail(count));
  }
  if (found !== null) return { counts, refusal: found };
  return { counts, refusal: checkMediaRules(platform, post, facts) ?? checkHistoryRules(platform, facts) };
}

/** The files alone against the network's media rules (counts, kinds, sizes, durations, ratios). */
export function checkMediaRules(
  platform: Platform,
  post: PostForRules,
  facts: MediaFacts = {},
): NetworkRefusal | null {
  // Every measure reads the files and answers nothing for none (a test holds each to it).
  if (post.media.length === 0) return null;
  for (const rule of NETWORKS[platform].refuses) {
    if (rule.applied !== 'network' || rule.field === 'history' || !ruleAppliesTo(rule, post.postType))
      continue;
    const verdict = MEDIA_MEASURES[rule.id]?.(rule, post.media, facts) ?? null;
    if (verdict !== null && !verdict.ok) return refusal(rule, verdict.detail);
  }
  return null;
}

/**
 * The history rules alone (duplicates, posts per period), from what the server found: a post that
 * passed the rest is checked against its profile's earlier posts only then, so nothing is looked up
 * for a post the network refuses anyway.
 */
export function checkHistoryRules(platform: Platform, facts: HistoryFacts): NetworkRefusal | null {
  for (const rule of historyRulesOf(platform)) {
    const found = historyRefusal(rule, facts);
    if (found !== null) return found;
  }
  return null;
}

const historyRules = new Map<Platform, readonly RefusalRule[]>();
function historyRulesOf(platform: Platform): readonly RefusalRule[] {
  let rules = historyRules.get(platform);
  if (rules === undefined) {
    rules = NETWORKS[platform].refuses.filter((r) => r.applied === 'network' && r.field === 'history');
    historyRules.set(platform, rules);
  }
  return rules;
}

/**
 * The longest window of a history rule the sandbox applies (a day): the server reads a profile's
 * accepted posts of this long once and every window rule filters them.
 */
export const HISTORY_WINDOW_SECONDS: number = Math.max(
  ...Object.values(NETWORKS).flatMap((network) =>
    network.refuses.flatMap((rule) =>
      rule.applied === 'network' && rule.window !== undefined && rule.window.kind !== 'ever'
        ? [rule.window.seconds]
        : [],
    ),
  ),
);

/** The network's duplicate rule (X, LinkedIn, Facebook), or undefined where it has none. */
export function duplicateRuleOf(platform: Platform): RefusalRule | undefined {
  return historyRulesOf(platform).find((rule) => rule.unit === 'identical posts');
}

const rateRules = new Map<Platform, readonly RefusalRule[]>();
/** The network's posts-per-period rules the sandbox applies (X, Instagram, Threads). */
export function rateRulesOf(platform: Platform): readonly RefusalRule[] {
  let rules = rateRules.get(platform);
  if (rules === undefined) {
    rules = historyRulesOf(platform).filter((rule) => rule.unit === 'posts');
    rateRules.set(platform, rules);
  }
  return rules;
}

function ruleById(platform: Platform, id: string): RefusalRule {
  const rule = NETWORKS[platform].refuses.find((r) => r.id === id);
  if (rule === undefined) throw new Error(`no rule ${id} in the ${platform} table`);
  return rule;
}
