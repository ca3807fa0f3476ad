/**
 * The API document writes sizes as "MB" and "GB" but gives the exact upload limits in bytes
 * (Media: "upload video 5,368,709,120 bytes", "upload image 20,971,520 bytes"), which are 5 * 2^30
 * and 20 * 2^20. Every MB and GB in the document is therefore read as a binary unit, so that the
 * import limits and the upload-link limits are the same numbers.
 */
export const MEGABYTE = 1_048_576;
export const GIGABYTE = 1_073_741_824;

/** Bytes for people, in the same binary units: `1.5 MB`, `320 KB`, `2.00 GB`, `512 bytes`. */
export function formatBytes(bytes: number): string {
  if (bytes >= GIGABYTE) return `${(bytes / GIGABYTE).toFixed(2)} GB`;
  if (bytes >= MEGABYTE) return `${(bytes / MEGABYTE).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

export function megabytes(count: number): number {
  return count * MEGABYTE;
}

export function gigabytes(count: number): number {
  return count * GIGABYTE;
}

export const MINUTE_SECONDS = 60;
export const HOUR_SECONDS = 3_600;
export const DAY_SECONDS = 86_400;
