/**
 * `new Date(ms).toISOString()`, remembering the instant written last: a publish writes its send
 * time out several times (the record, its first figures, their next collection), and V8's builtin
 * is a call into its runtime each time. One entry, so nothing grows and nothing goes stale.
 */

let lastMs = Number.NaN;
let lastText = '';

export function isoInstant(ms: number): string {
  if (ms === lastMs) return lastText;
  const text = new Date(ms).toISOString();
  lastMs = ms;
  lastText = text;
  return text;
}
