import type { TextLimit } from '../networks/network-rules.js';

/** The maximum of a caption limit the networks table must give; a missing one is a table defect. */
export function captionLimit(limit: TextLimit | null, what: string): number {
  if (!limit) throw new Error(`The networks table has no ${what} limit`);
  return limit.max;
}
