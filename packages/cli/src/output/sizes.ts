import { formatBytes } from '@socialpub/core';

/** A size for a table cell: `12.3 MB`; anything that is not a byte count as it is. */
export function sizeCell(value: unknown): unknown {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? formatBytes(value) : value;
}

/** A size for a `key  value` line: `12.3 MB (12,939,493 bytes)`, the exact count kept beside it. */
export function sizeField(value: unknown): unknown {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return value;
  return value < 1024 ? formatBytes(value) : `${formatBytes(value)} (${value.toLocaleString('en-US')} bytes)`;
}
