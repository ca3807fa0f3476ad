import type { Platform } from '../platforms.js';
import type { PostType } from './post-types.js';

/**
 * What each real network refuses at publish time (network-rules.md), as one table per network: the
 * simulated networks, the dry run, the composer, the inbox card, the connector's validate tool and
 * the docs page all read these rows, so no two places can disagree.
 *
 * Sources: `doc` is the network's own documentation, specification or official SDK; `seen` is a
 * real answer quoted in public code or issues, not documented.
 */
export type RuleSource = 'doc' | 'seen';

/** What a rule counts, in the words a person reads next to the number ("416 of 280 weighted characters"). */
export type RuleUnit =
  | 'weighted characters'
  | 'characters'
  | 'UTF-16 code units'
  | 'bytes'
  | 'characters (emoji by UTF-8 bytes)'
  | 'characters as YouTube counts tags'
  | 'hashtags'
  | 'mentions'
  | 'distinct links'
  | 'invalid characters'
  | 'images'
  | 'photos'
  | 'files'
  | 'items'
  | 'seconds'
  | 'width / height'
  | 'pixels'
  | 'posts'
  | 'identical posts';

/** The part of a post a rule looks at. */
export type RuleField =
  | 'text'
  | 'title'
  | 'description'
  | 'tags'
  | 'alt_text'
  | 'link'
  | 'media'
  | 'image'
  | 'video'
  | 'history';

/**
 * Who answers first in the sandbox: `network` (the simulated network refuses, as the real one
 * would; the dry run says so before), `service` (the API document's own check answers first, e.g.
 * 413 MEDIA_TOO_LARGE, a shortened title; the network never sees it) or `not_simulated` (listed for
 * completeness; the sandbox cannot know the fact, e.g. frame rates, an app-wide quota).
 */
export type RuleApplied = 'network' | 'service' | 'not_simulated';

/**
 * Which earlier posts a history rule looks at: those within some seconds, every one (LinkedIn's
 * duplicates), or only the last one within some seconds (Facebook's consecutive duplicates).
 */
export type RuleWindow =
  | { kind: 'seconds'; seconds: number }
  | { kind: 'ever' }
  | { kind: 'consecutive'; seconds: number };

/** How the service answers a refusal: the API document's status and code for that network. */
export interface RefusalAnswer {
  readonly status: number;
  readonly code: string;
}

export interface RefusalRule {
  /** Stable name, `<platform>.<field>.<what>`, e.g. `x.text.length`. */
  readonly id: string;
  readonly platform: Platform;
  readonly field: RuleField;
  /** One line a person reads: "Text length", "Images per post". */
  readonly what: string;
  /** The most allowed (inclusive), or null where the rule is not a number (a duplicate, a file format). */
  readonly max: number | null;
  /** The limit in words where it is not a number ("JPEG only"), for the docs page. */
  readonly limitWords?: string;
  /** The least allowed (inclusive), where the network names one (X video 0.5 s). */
  readonly min?: number;
  readonly unit: RuleUnit;
  readonly source: RuleSource;
  /** Where the fact comes from, in a few words ("twitter-text configuration v3"). */
  readonly sourceNote: string;
  readonly applied: RuleApplied;
  readonly answer: RefusalAnswer;
  /** The network's own words, which start the message of a refusal. */
  readonly words: string;
  /** Post types the rule applies to; absent means every post type of the network. */
  readonly appliesTo?: readonly PostType[];
  /** History rules (duplicates, posts per period): the earlier posts they count. */
  readonly window?: RuleWindow;
  /** A sentence for the docs page: how the sandbox applies it, or what the network leaves open. */
  readonly note?: string;
}

/** Rows of a network's table, written once in its file (`x.ts`, ...). */
export type RefusalRules = readonly RefusalRule[];

/** The answers the API document gives the networks' refusals (network-rules.md, first section). */
export const REFUSAL_ANSWERS = {
  /** X refusals: 400 for a refused text or media, 403 for duplicate text. */
  xBadRequest: { status: 400, code: 'x_rejected' },
  xForbidden: { status: 403, code: 'x_rejected' },
  xTooMany: { status: 429, code: 'x_rejected' },
  /** "A linkedin refusal such as a duplicate is a 500 platform_error". */
  linkedin: { status: 500, code: 'platform_error' },
  pinterest: { status: 400, code: 'pinterest_rejected' },
  /** A network refusing with 400 and no code of the API document's: the code is derived. */
  derived400: { status: 400, code: 'bad_request' },
} as const satisfies Record<string, RefusalAnswer>;
