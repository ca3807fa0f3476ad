import { LIMITS } from '@socialpub/core';

/** TUS 1.0.0 core protocol, the only version the storage endpoint speaks. */
export const TUS_VERSION = '1.0.0';
export const TUS_CONTENT_TYPE = 'application/offset+octet-stream';
/** The upload token header ("Own TUS client"; Authentication 9): never a URL parameter. */
export const TOKEN_HEADER = 'x-signature';
/** No extension: a client never creates an upload (POST /media/uploads does), so no `creation`. */
export const STORAGE_ALLOW = 'OPTIONS, HEAD, PATCH';

/** Headers every storage answer carries; uploads are private, so nothing is cached. */
export function tusHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return { 'Tus-Resumable': TUS_VERSION, 'Cache-Control': 'no-store', ...extra };
}

export function capabilityHeaders(): Record<string, string> {
  return tusHeaders({
    'Tus-Version': TUS_VERSION,
    'Tus-Max-Size': String(LIMITS.uploadLink.maxVideoBytes),
    Allow: STORAGE_ALLOW,
  });
}

/** A decimal Upload-Offset, or null when missing or malformed. */
export function parseOffset(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d{1,16}$/.test(raw.trim())) return null;
  return Number(raw.trim());
}
