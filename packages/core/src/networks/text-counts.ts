import { detectLinks } from '../limits/detect-links.js';
import { codePointLength, utf8ByteLength } from '../parsers/text-limits.js';

/*
 * The counts each network makes of a post's text (network-rules.md), one function per way of
 * counting. X's weighted length lives in x-text.ts (twitter-text); YouTube's tag budget in
 * parsers/youtube-tags.ts.
 */

// Every RGI emoji sequence (skin tones, ZWJ families, flags, keycaps) as one match. Made with the
// `v` flag at run time: the compile target predates it, Node 20 has it. Made at its first use, not
// at load: V8 builds the whole emoji set when the expression is made, and a start never needs it.
let emojiSequence: RegExp | undefined;

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

/**
 * Threads' length: an emoji counts as its UTF-8 bytes (a thumbs-up 4, a thumbs-up with a skin tone
 * 8), every other character (code point) 1.
 */
export function threadsLength(text: string): number {
  if (isAscii(text)) return text.length;
  let length = codePointLength(text);
  // biome-ignore lint/complexity/useRegexLiterals: a literal with the v flag does not compile for ES2022.
  emojiSequence ??= new RegExp('\\p{RGI_Emoji}', 'gv');
  for (const match of text.matchAll(emojiSequence)) {
    length += utf8ByteLength(match[0]) - codePointLength(match[0]);
  }
  return length;
}

// A hashtag is # and word characters, not glued to a word before it (a#b is no tag, nor is &#38;).
const HASHTAG = /(?<![\p{L}\p{M}\p{N}_&#])#[\p{L}\p{M}\p{N}_]+/gu;
// An @-mention is @ and an Instagram username (letters, digits, periods, underscores); an e-mail
// address, whose @ follows a letter, is not one.
const MENTION = /(?<![\p{L}\p{M}\p{N}_.@])@[A-Za-z0-9._]+/gu;

/** Instagram's hashtags in a caption, every one counted (repeats too). */
export function hashtagCount(text: string): number {
  return text.includes('#') ? (text.match(HASHTAG)?.length ?? 0) : 0;
}

/** Instagram's @-mentions in a caption, every one counted (repeats too). */
export function mentionCount(text: string): number {
  return text.includes('@') ? (text.match(MENTION)?.length ?? 0) : 0;
}

/** Distinct links in a text (Threads' limit of 5), found as the X link allowance finds them. */
export function distinctLinkCount(text: string): number {
  return detectLinks(text).length;
}

/** Characters YouTube does not allow in a title or description. */
export function angleBracketCount(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x3c || c === 0x3e) n += 1;
  }
  return n;
}
