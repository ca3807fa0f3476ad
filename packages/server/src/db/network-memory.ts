import * as crypto from 'node:crypto';
import { duplicateRuleOf, HISTORY_WINDOW_SECONDS, type Platform } from '@socialpub/core';
import type { NetworkMemory } from '../networks/simulated-refusals.js';
import type { PostRecordsRepository } from './post-records-repo.js';

// The one-shot form where Node has it (20.12 and later): a Hash object costs four times as much.
const oneShot = (crypto as { hash?: (algorithm: string, data: string, encoding: 'buffer') => Buffer }).hash;

// A publish asks the digest of its text twice (the duplicate check, then its record): kept once.
let lastText: string | undefined;
let lastDigest: Buffer | undefined;

/** The digest two texts share exactly when they are the same after NFC (X normalises first). */
export function textDigest(text: string): Buffer {
  if (text === lastText && lastDigest !== undefined) return lastDigest;
  const normal = text.normalize('NFC');
  const digest =
    oneShot === undefined
      ? crypto.createHash('sha256').update(normal).digest()
      : oneShot('sha256', normal, 'buffer');
  lastText = text;
  lastDigest = digest;
  return digest;
}

/**
 * The simulated networks' memory of earlier posts, answered from the post records (each accepted
 * X, LinkedIn and Facebook post keeps its text digest, migration 019), waiting publishes of this
 * turn included. Every window rule reads the profile's accepted posts of the last day once
 * (`PostRecordsRepository.acceptedSince`, kept) and filters them: X's duplicates (24 hours) and
 * posts per 15 minutes, Facebook's previous post, Threads' and Instagram's posts per day.
 * LinkedIn, which refuses a duplicate however old, asks its partial index.
 */
export function networkMemory(postRecords: PostRecordsRepository): NetworkMemory {
  const lastDay = (accountId: string, profileId: string, platform: Platform, now: Date) =>
    postRecords.acceptedSince(
      accountId,
      profileId,
      platform,
      new Date(now.getTime() - HISTORY_WINDOW_SECONDS * 1_000).toISOString(),
    );
  return {
    duplicateOf({ accountId, profileId, platform, text, now }) {
      const window = duplicateRuleOf(platform)?.window;
      if (window === undefined) return null;
      const digest = textDigest(text);
      if (window.kind === 'ever') {
        return postRecords.linkedinText(accountId, profileId, digest)?.networkPostId ?? null;
      }
      // Inside the window: a post exactly `seconds` old is outside it.
      const since = new Date(now.getTime() - window.seconds * 1_000).toISOString();
      const posts = lastDay(accountId, profileId, platform, now).filter((post) => post.at > since);
      const same = window.kind === 'consecutive' ? posts.slice(-1) : posts;
      return same.find((post) => post.digest?.equals(digest))?.networkPostId ?? null;
    },
    acceptedSince({ accountId, profileId, platform, since, now }) {
      const from = since.toISOString();
      return lastDay(accountId, profileId, platform, now).filter((post) => post.at >= from).length;
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
