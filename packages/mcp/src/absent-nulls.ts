type Json = Record<string, unknown>;

/**
 * The arguments with every `null` that stands for a left-out optional argument taken away. Strict
 * function schemas (OpenAI's) list every property as required and let a model write `null` for one
 * it leaves out; the tools read a missing argument, so `null` on an optional property whose schema
 * does not itself take `null` means "not given". Anything else stays for the schema to check: a
 * `null` on a required property is still refused with the schema's own message.
 */
export function withoutAbsentNulls(schema: Json, value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = schema['items'];
    return isJson(items) ? value.map((item) => withoutAbsentNulls(items, item)) : value;
  }
  const properties = schema['properties'];
  if (!isJson(value) || !isJson(properties)) return value;
  const required = new Set(Array.isArray(schema['required']) ? (schema['required'] as string[]) : []);
  const out: Json = {};
  for (const [name, item] of Object.entries(value)) {
    const property = Object.hasOwn(properties, name) ? properties[name] : undefined;
    if (!isJson(property)) {
      out[name] = item;
      continue;
    }
    if (item === null && !required.has(name) && !takesNull(property)) continue;
    out[name] = withoutAbsentNulls(property, item);
  }
  return out;
}

function takesNull(schema: Json): boolean {
  const type = schema['type'];
  if (type === 'null' || (Array.isArray(type) && type.includes('null'))) return true;
  if (Array.isArray(schema['enum']) && schema['enum'].includes(null)) return true;
  return (
    Array.isArray(schema['anyOf']) && schema['anyOf'].some((branch) => isJson(branch) && takesNull(branch))
  );
}

function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
