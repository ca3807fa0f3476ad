/** What stands in for a key in anything printed: no part of the key, not even its prefix. */
export const KEY_PLACEHOLDER = '<API key>';

/**
 * Removes every occurrence of the key from text bound for a terminal or log ("Authentication", 8:
 * keep keys out of logs). `--help` promises the key is never printed, so nothing of it is kept.
 */
export function redactKey(text: string, key: string | undefined): string {
  if (key === undefined || key.length < 4) return text;
  return text.split(key).join(KEY_PLACEHOLDER);
}
