/**
 * Addresses publishing answers name. The document gives `upgrade_url` and `limits_url` without
 * values; the reference server points them at its own origin (decision): `upgrade_url` is the
 * dashboard's Plan page, where the plan and the X add-on change at once.
 */
export function upgradeUrl(base: string): string {
  return `${base}/dashboard/plan`;
}

export function limitsUrl(base: string): string {
  return `${base}/openapi.yaml#limits`;
}

/** The service ids field: `status_url` is the GET address of the post or scheduled post. */
export function statusUrl(base: string, id: string): string {
  return `${base}/api/v2/posts/${id}`;
}

/** The older address's 409 names a status query on the media address ("Older addresses"). */
export function legacyMediaStatusUrl(base: string, fileId: string): string {
  return `${base}/legacy/media?file_id=${fileId}`;
}

export function mediaStatusUrl(base: string, fileId: string): string {
  return `${base}/api/v2/media?file_id=${fileId}`;
}
