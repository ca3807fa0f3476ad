import { formatInZone } from '../time-zone.js';

/** Bytes for people: 1.5 MB, 320 KB (1 MB = 1,048,576 bytes, as the API document counts). */
export { formatBytes } from '@socialpub/core';

/**
 * An instant as text in the person's zone (`2026-03-02 19:00 GMT+9`), for labels and messages;
 * what is shown on the page uses `<Time>`, which adds UTC on hover.
 */
export function formatTime(iso: string | Date | null | undefined, zone: string): string {
  if (!iso) return '—';
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(date.getTime())) return String(iso);
  return formatInZone(date, zone);
}
