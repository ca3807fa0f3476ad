import type { FieldCount } from '@socialpub/core';

/**
 * One count against its network's limit in words ("Text length: 43 of 280 weighted characters"),
 * the same on the page and in the composer's script, which rewrites the lines as the person types.
 */
export function countLine(count: FieldCount): string {
  const over = count.ok ? '' : ` (${(count.count - count.limit).toLocaleString('en-US')} over)`;
  return `${count.what}: ${count.count.toLocaleString('en-US')} of ${count.limit.toLocaleString('en-US')} ${count.unit}${over}`;
}
