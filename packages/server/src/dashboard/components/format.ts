/** Bytes for people: 1.5 MB, 320 KB (1 MB = 1,048,576 bytes, as the API document counts). */
export { formatBytes } from '@socialpub/core';

/** An instant as people read it in a UTC sandbox: `2026-03-02 10:00 UTC`. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
