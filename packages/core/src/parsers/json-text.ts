import { LIMITS } from '../limits/limits.js';

/**
 * Reading a JSON request body with a bound on nesting (LIMITS.jsonBody.maxNestingDepth). The
 * depth is measured on the text before parsing, in one pass without recursion, so a body nested
 * 100,000 levels costs one scan and never reaches a recursive walk (canonical JSON for
 * idempotency, schema checks, JSON.stringify when a request is stored).
 */
export type JsonTextReading =
  | { ok: true; value: unknown }
  | { ok: false; reason: 'too_deep' | 'not_json'; message: string };

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * The deepest nesting of objects and arrays in `text`, counting brackets outside strings. Stops
 * as soon as it passes `stopAbove` (the answer is then `stopAbove + 1`). Text that is not JSON
 * gives some number; JSON.parse refuses it afterwards.
 */
export function jsonNestingDepth(text: string, stopAbove = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === BACKSLASH) i++;
      else if (char === QUOTE) inString = false;
      continue;
    }
    if (char === QUOTE) inString = true;
    else if (char === OPEN_OBJECT || char === OPEN_ARRAY) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > stopAbove) return deepest;
      }
    } else if (char === CLOSE_OBJECT || char === CLOSE_ARRAY) depth--;
  }
  return deepest;
}

/**
 * Whether `text` holds fewer than `count` `{` and `[` together: then nothing in it can nest
 * `count` deep, and the character scan is not needed (most requests hold a handful; the native
 * search is cheaper than the scan).
 */
function fewerOpenersThan(text: string, count: number): boolean {
  let found = 0;
  for (const opener of ['{', '[']) {
    for (let at = text.indexOf(opener); at !== -1; at = text.indexOf(opener, at + 1)) {
      if (++found >= count) return false;
    }
  }
  return true;
}

/** Parses a JSON body, refusing one nested deeper than `maxDepth` before parsing it. */
export function readJsonText(
  text: string,
  maxDepth: number = LIMITS.jsonBody.maxNestingDepth,
): JsonTextReading {
  if (!fewerOpenersThan(text, maxDepth + 1) && jsonNestingDepth(text, maxDepth) > maxDepth) {
    return {
      ok: false,
      reason: 'too_deep',
      message: `The body nests objects or arrays deeper than ${maxDepth} levels; no valid request does.`,
    };
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, reason: 'not_json', message: 'The body is not valid JSON.' };
  }
}
