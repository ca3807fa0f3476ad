/**
 * Serialises a JSON value with object keys sorted (by UTF-16 code units, at every level; arrays
 * keep their order), so two bodies that differ only in field order have the same identity: "Same
 * key and same JSON body (field order irrelevant)" (Endpoints, Idempotency, rule 1).
 *
 * Everything else follows `JSON.stringify` (toJSON, undefined, non-finite numbers, bigint, cycles).
 *
 * The walk keeps its own stack instead of recursing: however deep a value nests, it never
 * overflows the call stack.
 */
interface Frame {
  readonly source: object;
  /** Sorted keys of an object; null for an array. */
  readonly keys: string[] | null;
  readonly size: number;
  /** How many children have been handed out so far. */
  index: number;
  /** How many members were written (an object leaves out members without a JSON form). */
  written: number;
}

export function canonicalJson(input: unknown): string {
  // One output list, appended in order: building each level as a string of its children would
  // copy the inner text once per level, quadratic in the depth.
  const out: string[] = [];
  const seen = new Set<object>();
  const stack: Frame[] = [];
  if (!writeValue(resolve(input), out, stack, seen)) return 'null';
  for (let top = stack.at(-1); top !== undefined; top = stack.at(-1)) {
    if (top.index >= top.size) {
      stack.pop();
      seen.delete(top.source);
      out.push(top.keys === null ? ']' : '}');
      continue;
    }
    const index = top.index++;
    if (top.keys === null) {
      if (index > 0) out.push(',');
      if (!writeValue(resolve((top.source as unknown[])[index]), out, stack, seen)) out.push('null');
      continue;
    }
    const key = top.keys[index] as string;
    const value = resolve((top.source as Record<string, unknown>)[key]);
    if (!hasJsonForm(value)) continue;
    out.push(top.written++ > 0 ? ',' : '', JSON.stringify(key), ':');
    writeValue(value, out, stack, seen);
  }
  return out.join('');
}

function resolve(input: unknown): unknown {
  return hasToJson(input) ? input.toJSON() : input;
}

function hasJsonForm(value: unknown): boolean {
  const type = typeof value;
  return (
    value === null ||
    type === 'string' ||
    type === 'boolean' ||
    type === 'number' ||
    type === 'object' ||
    type === 'bigint'
  );
}

/** Writes a scalar, or opens a container (pushing its frame); false when it has no JSON form. */
function writeValue(value: unknown, out: string[], stack: Frame[], seen: Set<object>): boolean {
  if (value === null) {
    out.push('null');
    return true;
  }
  switch (typeof value) {
    case 'string':
    case 'boolean':
      out.push(JSON.stringify(value));
      return true;
    case 'number':
      out.push(Number.isFinite(value) ? JSON.stringify(value) : 'null');
      return true;
    case 'bigint':
      throw new TypeError('canonicalJson: a bigint has no JSON form');
    case 'object':
      break;
    default:
      return false;
  }
  if (seen.has(value)) throw new TypeError('canonicalJson: the value contains a cycle');
  seen.add(value);
  const keys = Array.isArray(value) ? null : Object.keys(value).sort();
  const size = keys === null ? (value as unknown[]).length : keys.length;
  out.push(keys === null ? '[' : '{');
  stack.push({ source: value, keys, size, index: 0, written: 0 });
  return true;
}

function hasToJson(value: unknown): value is { toJSON: () => unknown } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  );
}
