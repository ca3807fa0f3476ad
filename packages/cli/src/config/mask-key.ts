/**
 * A key is never printed ("Authentication", 8: keep keys out of logs); at most its first
 * characters, enough to tell two keys apart, followed by a fixed mask.
 */
export function maskKey(key: string): string {
  const visible = key.length >= 16 ? 6 : Math.min(3, Math.floor(key.length / 4));
  return `${key.slice(0, visible)}${'*'.repeat(8)}`;
}

/** Removes any occurrence of the key from text bound for a terminal or log. */
export function redactKey(text: string, key: string | undefined): string {
  if (key === undefined || key.length < 4) return text;
  return text.split(key).join(maskKey(key));
}
