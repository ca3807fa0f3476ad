import {
  checkHistoryRules,
  checkMediaRules,
  checkNetworkRules,
  duplicateRuleOf,
  type HistoryFacts,
  type NetworkRefusal,
  type NetworkRulesCheck,
  type Platform,
  rateRulesOf,
} from '@socialpub/core';
import type { PublishMediaFile } from './network-driver.js';

/**
 * What a simulated network remembers of a profile's earlier posts, for its duplicate and posting
 * limit rules; the post records answer it (`db/network-memory.ts`), read once per post checked.
 */
export interface NetworkMemory {
  /** The profile's accepted posts on the network as its history rules see them at `now`. */
  historyOf(key: RememberedPostKey, now: Date): NetworkHistory;
}

export interface NetworkHistory {
  /** The network's id of the earlier post this text duplicates under the network's rule, or null. */
  duplicateOf(text: string): string | null;
  /** Posts the network accepted at or after `since` (within a day of `now`). */
  acceptedSince(since: Date): number;
}

export interface RememberedPostKey {
  accountId: string;
  profileId: string;
  platform: Platform;
}

/** A post as the simulated network checks it: what it received, and whose it is. */
export interface RulesSubject extends RememberedPostKey {
  postType: string;
  text: string | null;
  media: readonly PublishMediaFile[];
  options: Readonly<Record<string, unknown>>;
  /** The connection's options row (TikTok's `max_video_post_duration_sec`). */
  connectionOptions: Readonly<Record<string, unknown>>;
  now: Date;
}

function maxVideoSeconds(options: Readonly<Record<string, unknown>>): number | null {
  const value = options['max_video_post_duration_sec'];
  return typeof value === 'number' && value > 0 ? value : null;
}

function postOf(subject: RulesSubject) {
  return { text: subject.text, options: subject.options, postType: subject.postType, media: subject.media };
}

/** The text, files and options against the network's table; no history is looked up. */
export function checkPostContent(subject: RulesSubject): NetworkRulesCheck {
  return checkNetworkRules(subject.platform, postOf(subject), {
    maxVideoSeconds: maxVideoSeconds(subject.connectionOptions),
  });
}

/** The files alone against the network's media rules. */
export function checkPostMedia(subject: RulesSubject): NetworkRefusal | null {
  return checkMediaRules(subject.platform, postOf(subject), {
    maxVideoSeconds: maxVideoSeconds(subject.connectionOptions),
  });
}

/**
 * The profile's history against the network's duplicate and posting-limit rules. Only the facts a
 * rule of this network asks are looked up: nothing on networks without such rules.
 */
export function checkPostHistory(subject: RulesSubject, memory: NetworkMemory): NetworkRefusal | null {
  const { platform, text } = subject;
  const duplicate = duplicateRuleOf(platform) !== undefined && text !== null && text !== '';
  const rates = rateRulesOf(platform);
  if (!duplicate && rates.length === 0) return null;
  const history = memory.historyOf(subject, subject.now);
  const facts: HistoryFacts = {};
  if (duplicate) facts.duplicateOf = history.duplicateOf(text);
  if (rates.length > 0) {
    const posted: Record<string, number> = {};
    for (const rule of rates) {
      if (rule.window?.kind !== 'seconds') continue;
      posted[rule.id] = history.acceptedSince(new Date(subject.now.getTime() - rule.window.seconds * 1_000));
    }
    facts.postsInWindow = posted;
  }
  return checkHistoryRules(platform, facts);
}

/** What the simulated network refuses this post for, first its content then its history; or null. */
export function simulatedRefusal(subject: RulesSubject, memory: NetworkMemory): NetworkRefusal | null {
  return checkPostContent(subject).refusal ?? checkPostHistory(subject, memory);
}
