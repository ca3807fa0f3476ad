import { TIKTOK_RULES } from '../networks/tiktok.js';
import { YOUTUBE_RULES } from '../networks/youtube.js';
import { captionLimit } from './caption-limit.js';

/*
 * Caption and title limits (Limits, Media: "youtube title 100 characters and description 5,000
 * bytes; tiktok photo title 90 and description 4,000 characters"; tiktok caption about 2,200) and
 * the warnings they cause (POST /posts, Warnings). "Characters" are Unicode code points, so an
 * emoji counts 1; YouTube's description limit is in UTF-8 bytes. Cuts never split a code point
 * and, where the platform offers Intl.Segmenter, never split a user-perceived character either.
 */
// The numbers live in the networks table; these names read them once.
export const YOUTUBE_TITLE_MAX_CHARACTERS: number = captionLimit(
  YOUTUBE_RULES.captions.title,
  'youtube title',
);
export const YOUTUBE_DESCRIPTION_MAX_BYTES: number = captionLimit(
  YOUTUBE_RULES.captions.description,
  'youtube description',
);
// TikTok counts in UTF-16 code units (network-rules.md), so its three limits are measured in them.
export const TIKTOK_PHOTO_TITLE_MAX: number = captionLimit(TIKTOK_RULES.captions.title, 'tiktok title');
export const TIKTOK_PHOTO_DESCRIPTION_MAX: number = captionLimit(
  TIKTOK_RULES.captions.description,
  'tiktok description',
);
export const TIKTOK_CAPTION_MAX: number = captionLimit(TIKTOK_RULES.captions.text, 'tiktok caption');

export type TextWarningCode =
  | 'title_shortened'
  | 'description_shortened'
  | 'characters_removed'
  | 'caption_over_limit';
export interface TextWarning {
  code: TextWarningCode;
  message: string;
}
export interface ShortenedText {
  value: string;
  warnings: TextWarning[];
}

export function codePointLength(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/** UTF-8 bytes of the text; a lone surrogate counts 3, as it is sent as U+FFFD. */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const cp = char.codePointAt(0) ?? 0;
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return bytes;
}

// One segmenter for every cut rather than one per call, made at the first cut (making one loads the
// platform's break rules, a cost every process importing core would pay at start); null where the
// platform lacks Intl.Segmenter.
let graphemes: Intl.Segmenter | null | undefined;

function pieces(text: string): string[] {
  graphemes ??=
    typeof Intl !== 'undefined' && 'Segmenter' in Intl
      ? new Intl.Segmenter(undefined, { granularity: 'grapheme' })
      : null;
  return graphemes === null ? Array.from(text) : Array.from(graphemes.segment(text), (s) => s.segment);
}

/** The longest start of `text` whose measure stays within `max`, cut between whole characters. */
function cut(text: string, max: number, measure: (piece: string) => number): string {
  let used = 0;
  let out = '';
  for (const piece of pieces(text)) {
    const size = measure(piece);
    if (used + size > max) break;
    used += size;
    out += piece;
  }
  return out;
}

/**
 * `youtube.title`: one line (a multi-line title is joined with spaces: `title_shortened`),
 * `<` and `>` removed (`characters_removed`), at most 100 characters (`title_shortened`).
 */
export function shortenYoutubeTitle(title: string): ShortenedText {
  const warnings: TextWarning[] = [];
  let value = removeAngleBrackets(title, warnings, 'title');
  if (/[\r\n\u2028\u2029]/.test(value)) {
    value = value.replace(/\s*[\r\n\u2028\u2029]+\s*/g, ' ').trim();
    warnings.push({ code: 'title_shortened', message: 'The YouTube title was made one line.' });
  }
  if (codePointLength(value) > YOUTUBE_TITLE_MAX_CHARACTERS) {
    value = cut(value, YOUTUBE_TITLE_MAX_CHARACTERS, codePointLength).trimEnd();
    pushOnce(
      warnings,
      'title_shortened',
      `The YouTube title was shortened to ${YOUTUBE_TITLE_MAX_CHARACTERS} characters.`,
    );
  }
  return { value, warnings };
}

/** YouTube description: `<` and `>` removed, at most 5,000 UTF-8 bytes (`description_shortened`). */
export function shortenYoutubeDescription(description: string): ShortenedText {
  const warnings: TextWarning[] = [];
  let value = removeAngleBrackets(description, warnings, 'description');
  if (utf8ByteLength(value) > YOUTUBE_DESCRIPTION_MAX_BYTES) {
    value = cut(value, YOUTUBE_DESCRIPTION_MAX_BYTES, utf8ByteLength);
    warnings.push({
      code: 'description_shortened',
      message: `The YouTube description was shortened to ${YOUTUBE_DESCRIPTION_MAX_BYTES} bytes.`,
    });
  }
  return { value, warnings };
}

/** UTF-16 code units, as TikTok counts: an emoji outside the Basic Multilingual Plane counts 2. */
export function utf16Length(text: string): number {
  return text.length;
}

export function shortenTiktokPhotoTitle(title: string): ShortenedText {
  return shortenByUtf16(title, TIKTOK_PHOTO_TITLE_MAX, 'title_shortened', 'TikTok photo title');
}

export function shortenTiktokPhotoDescription(description: string): ShortenedText {
  return shortenByUtf16(
    description,
    TIKTOK_PHOTO_DESCRIPTION_MAX,
    'description_shortened',
    'TikTok photo description',
  );
}

/** A tiktok caption over 2,200 UTF-16 code units is kept whole, with `caption_over_limit`. */
export function checkTiktokCaption(caption: string): ShortenedText {
  const length = utf16Length(caption);
  if (length <= TIKTOK_CAPTION_MAX) return { value: caption, warnings: [] };
  return {
    value: caption,
    warnings: [
      {
        code: 'caption_over_limit',
        message: `The caption counts ${length} of ${TIKTOK_CAPTION_MAX} UTF-16 code units; TikTok refuses it when it goes out.`,
      },
    ],
  };
}

function shortenByUtf16(text: string, max: number, code: TextWarningCode, what: string): ShortenedText {
  if (utf16Length(text) <= max) return { value: text, warnings: [] };
  return {
    value: cut(text, max, utf16Length),
    warnings: [{ code, message: `The ${what} was shortened to ${max} UTF-16 code units, as TikTok counts.` }],
  };
}

// The characters come from the networks table (youtube: < and >), so the rule is written once.
const YOUTUBE_DISALLOWED = YOUTUBE_RULES.captions.disallowedCharacters;
const YOUTUBE_DISALLOWED_PATTERN = new RegExp(
  `[${YOUTUBE_DISALLOWED.map((c) => c.replace(/[\\\]^-]/g, '\\$&')).join('')}]`,
  'g',
);

function removeAngleBrackets(text: string, warnings: TextWarning[], what: string): string {
  const removed = text.replace(YOUTUBE_DISALLOWED_PATTERN, '');
  if (removed === text) return text;
  warnings.push({
    code: 'characters_removed',
    message: `YouTube does not allow ${YOUTUBE_DISALLOWED.join(' and ')} in a ${what}; they were removed.`,
  });
  return removed;
}

function pushOnce(warnings: TextWarning[], code: TextWarningCode, message: string): void {
  if (!warnings.some((w) => w.code === code)) warnings.push({ code, message });
}
