/** Reads a JSON text field: empty means `fallback`; otherwise the parsed value or a message for the field. */
export function readJsonField(
  text: string | undefined,
  fallback: unknown,
): { ok: true; value: unknown } | { ok: false; message: string } {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return { ok: true, value: fallback };
  try {
    return { ok: true, value: JSON.parse(trimmed) as unknown };
  } catch (error) {
    return { ok: false, message: `Not valid JSON: ${(error as Error).message}` };
  }
}

/** JSON for a textarea, or empty for nothing. */
export function jsonText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object' && Object.keys(value).length === 0) return '';
  return JSON.stringify(value, null, 2);
}
