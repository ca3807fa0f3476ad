import { usageError } from '../output/cli-error.js';

/**
 * `--wait-timeout <seconds>` in milliseconds; 0 reads once and gives up if not done. Absent, the
 * SDK's wait applies its own documented default (posts 10 minutes, media 2 hours).
 */
export function waitTimeoutMs(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds < 0)
    throw usageError(`--wait-timeout must be seconds (0 or more), not "${raw}".`);
  return seconds * 1000;
}

/** A positive whole number flag (`--limit`, `--size`), or undefined when absent. */
export function positiveInteger(raw: string | undefined, name: string): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw.trim()) || Number(raw) <= 0)
    throw usageError(`${name} must be a whole number above 0, not "${raw}".`);
  return Number(raw);
}
