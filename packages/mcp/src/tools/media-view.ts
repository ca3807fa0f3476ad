/**
 * AI-app connector: "the app never sees a file's address". Every media answer goes through here so
 * no public URL, storage URL or download address reaches the app.
 */
const ADDRESS_FIELDS = new Set(['public_url', 'url', 'download_url', 'next_url', 'status_url']);

export function withoutAddresses<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => withoutAddresses(item)) as T;
  if (typeof value !== 'object' || value === null) return value;
  const kept: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (!ADDRESS_FIELDS.has(key)) kept[key] = withoutAddresses(field);
  }
  return kept as T;
}
