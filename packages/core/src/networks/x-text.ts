/**
 * X's weighted text length, as X computes it: through the official `twitter-text` package
 * (`parseTweet`: NFC first, every URL 23, CJK and emoji sequences 2). Loading the package costs a
 * few hundred milliseconds and some megabytes, so it is imported at the first X text that needs it
 * (`loadXTextCounting`), never at start; only X pays for it.
 */

/** The part of twitter-text's answer the rules read. */
export interface ParsedXText {
  weightedLength: number;
  valid: boolean;
}

type ParseTweet = (text: string) => ParsedXText;

let parseTweet: ParseTweet | undefined;
let loading: Promise<void> | undefined;

/** Loads twitter-text once; later calls answer the same promise. */
export function loadXTextCounting(): Promise<void> {
  loading ??= import('twitter-text').then((loaded) => {
    const module = loaded as { parseTweet?: ParseTweet; default?: { parseTweet?: ParseTweet } };
    const parse = module.parseTweet ?? module.default?.parseTweet;
    if (parse === undefined) throw new Error('twitter-text has no parseTweet');
    parseTweet = parse;
  });
  return loading;
}

/** True once `loadXTextCounting` has finished: counting X text then needs no waiting. */
export function xTextCountingReady(): boolean {
  return parseTweet !== undefined;
}

/**
 * Tab, line feed, carriage return and printable ASCII but the full stop. Every one of them weighs 1
 * in X's configuration, NFC leaves them as they are, none is invalid, and without a full stop no
 * URL can be found (every URL twitter-text links has a dot in its host): for such a text the
 * weighted length is its length, which a test checks against parseTweet's own answers.
 */
const PLAIN_ASCII_WITHOUT_DOT = /^[\t\n\r\x20-\x2d\x2f-\x7e]*$/;

/**
 * The characters that make a text invalid, as parseTweet refuses them: U+FFFE, U+FEFF, U+FFFF.
 * (network-rules.md also lists U+202A to U+202E from the configuration, but the official package,
 * which X's own clients run, takes them; the package decides.)
 */
const INVALID_X_CHARACTERS = /[\uFFFE\uFEFF\uFFFF]/g;

/** The invalid characters of a text, each named by its code point (`U+FEFF`), in order of first appearance. */
export function invalidXCharacters(text: string): string[] {
  const found = text.match(INVALID_X_CHARACTERS);
  if (found === null) return [];
  return [...new Set(found)].map(
    (c) => `U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`,
  );
}

/**
 * X's weighted length of a text. Throws when twitter-text is not loaded yet and the text needs it:
 * call `loadXTextCounting` first (the server loads it at the first X post it checks).
 */
export function xWeightedLength(text: string): number {
  if (PLAIN_ASCII_WITHOUT_DOT.test(text)) return text.length;
  if (parseTweet === undefined) {
    throw new Error('X text counting is not loaded: await loadXTextCounting() first');
  }
  return parseTweet(text).weightedLength;
}
