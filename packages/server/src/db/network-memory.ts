import { duplicateRuleOf, HISTORY_WINDOW_SECONDS, type Platform } from '@socialpub/core';
import type { NetworkHistory, NetworkMemory } from '../networks/simulated-refusals.js';
import type { NetworkText, NetworkTexts } from './network-texts.js';
import type { PostRecordsRepository } from './post-records-repo.js';
import { textDigest } from './text-digest.js';

export { textDigest };

const NOTHING: NetworkHistory = { duplicateOf: () => null, acceptedSince: () => 0 };

const memories = new WeakMap<PostRecordsRepository, NetworkMemory>();

/**
 * The simulated networks' memory of earlier posts, answered from the post records
 * (`NetworkTexts`), waiting publishes of this turn included. Every window rule reads the profile's
 * accepted posts of the last day once (kept) and filters them: X's duplicates (24 hours) and posts
 * per 15 minutes, Facebook's previous post, Threads' and Instagram's posts per day. LinkedIn, which
 * refuses a duplicate however old, asks its kept texts by their digest. One per repository.
 */
export function networkMemory(postRecords: PostRecordsRepository): NetworkMemory {
  let memory = memories.get(postRecords);
  if (memory === undefined) {
    const texts = postRecords.networkTexts;
    memory = { historyOf: (key, now) => historyOf(texts, key, now) };
    memories.set(postRecords, memory);
  }
  return memory;
}

function historyOf(
  texts: NetworkTexts,
  { accountId, profileId, platform }: { accountId: string; profileId: string; platform: Platform },
  now: Date,
): NetworkHistory {
  const nowMs = now.getTime();
  const window = duplicateRuleOf(platform)?.window;
  // LinkedIn's duplicates have no window and it has no posting limit here: no day to read.
  if (window?.kind === 'ever') {
    return {
      duplicateOf: (text) =>
        texts.keptText(accountId, profileId, platform, textDigest(text))?.networkPostId ?? null,
      acceptedSince: () => 0,
    };
  }
  const day = texts.acceptedSince(
    accountId,
    profileId,
    platform,
    new Date(nowMs - HISTORY_WINDOW_SECONDS * 1_000).toISOString(),
  );
  // Most profiles posted nothing to this network in the last day: no digest, no dates.
  if (day.length === 0) return NOTHING;
  return {
    duplicateOf(text) {
      if (window === undefined) return null;
      // Inside the window: a post exactly `seconds` old is outside it.
      const since = new Date(nowMs - window.seconds * 1_000).toISOString();
      const inWindow = (post: NetworkText) => post.at > since;
      const last = day[day.length - 1] as NetworkText;
      const candidates =
        window.kind === 'consecutive' ? (inWindow(last) ? [last] : []) : day.filter(inWindow);
      if (!candidates.some((post) => post.digest !== null)) return null;
      const digest = textDigest(text);
      return candidates.find((post) => post.digest?.equals(digest))?.networkPostId ?? null;
    },
    acceptedSince(since) {
      const from = since.toISOString();
      let n = 0;
      for (const post of day) if (post.at >= from) n += 1;
      return n;
    },
  };
}

/**
 * The digest a post record keeps of the text a network with a duplicate rule accepted; undefined
 * for a refused or unconfirmed post, a post without text, or a network without such a rule.
 */
export function acceptedTextDigest(
  platform: Platform,
  accepted: boolean,
  text: string | null,
): Buffer | undefined {
  if (!accepted || text === null || text === '' || duplicateRuleOf(platform) === undefined) return undefined;
  return textDigest(text);
}
