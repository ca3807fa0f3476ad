/**
 * Serialises a JSON value with object keys sorted (by UTF-16 code units, recursively; arrays keep
 * their order), so two bodies that differ only in field order have the same identity: "Same key
 * and same JSON body (field order irrelevant)" (Endpoints, Idempotency, rule 1).
 *
 * Follows `JSON.stringify` for everything else: `toJSON` is called, `undefined`, functions and
 * symbols are left out of objects and become `null` in arrays, non-finite numbers become `null`,
 * and a bigint or a cycle throws a TypeError. A top-level value with no JSON form gives `null`.
 */
export function canonicalJson(value: unknown): string {
  return write(value, new Set()) ?? 'null';
}

function write(input: unknown, seen: Set<object>): string | undefined {
  const value = hasToJson(input) ? input.toJSON() : input;
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : 'null';
    case 'bigint':
      throw new TypeError('canonicalJson: a bigint has no JSON form');
    case 'object':
      break;
    default:
      return undefined;
  }
  if (seen.has(value)) throw new TypeError('canonicalJson: the value contains a cycle');
  seen.add(value);
  try {
    if (Array.isArray(value)) {
      return `[${value.map((item) => write(item, seen) ?? 'null').join(',')}]`;
    }
    const parts: string[] = [];
    for (const key of Object.keys(value).sort()) {
      const written = write((value as Record<string, unknown>)[key], seen);
      if (written !== undefined) parts.push(`${JSON.stringify(key)}:${written}`);
    }
    return `{${parts.join(',')}}`;
  } finally {
    seen.delete(value);
  }
}

function hasToJson(value: unknown): value is { toJSON: () => unknown } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  );
}
