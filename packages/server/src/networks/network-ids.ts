import type { RandomSource } from './network-driver.js';

/**
 * Plausible network ids made from the injected random source, so tests that fix the source get the
 * same ids every run.
 */
const DIGITS = '0123456789';
const HEX = '0123456789abcdef';
const SHORTCODE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

function pick(random: RandomSource, alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) {
    const index = Math.min(alphabet.length - 1, Math.floor(random() * alphabet.length));
    out += alphabet[index];
  }
  return out;
}

/** Digits without a leading zero, like the numeric ids of x, tiktok, pinterest and meta networks. */
export function numericId(random: RandomSource, length: number): string {
  return pick(random, DIGITS.slice(1), 1) + pick(random, DIGITS, length - 1);
}

export function hexId(random: RandomSource, length: number): string {
  return pick(random, HEX, length);
}

/** The short url codes of instagram, threads and youtube. */
export function shortCode(random: RandomSource, length: number): string {
  return pick(random, SHORTCODE, length);
}

/** Usernames are stored with or without `@`; permalinks use the bare name. */
export function bareUsername(username: string): string {
  return username.replace(/^@+/, '');
}
