/**
 * Reads the three error body families of the API document ("Errors", Shapes) into one form:
 * - standard: `{error: {code, message, ...}}` (posts, reads, most endpoints)
 * - media import: `{error: 'message', code?, retry_after_seconds?, ...}` (POST and GET /media)
 * - upload links: `{error: {code, message, next_step, retry, ...}}`
 */
export interface ParsedErrorBody {
  code: string | undefined;
  message: string | undefined;
  /** Every field beside `code` and `message`, wherever the family puts them. */
  fields: Record<string, unknown>;
  nextStep: string | undefined;
  retry: 'never' | 'after_reset' | undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function parseErrorBody(body: unknown): ParsedErrorBody {
  const empty: ParsedErrorBody = {
    code: undefined,
    message: undefined,
    fields: {},
    nextStep: undefined,
    retry: undefined,
  };
  if (!isRecord(body)) return typeof body === 'string' && body !== '' ? { ...empty, message: body } : empty;
  const { error, ...rest } = body;
  if (typeof error === 'string') {
    // Media import family: the code (when there is one) sits next to `error`.
    const { code, ...fields } = rest;
    return { ...empty, code: stringOrUndefined(code), message: error, fields };
  }
  if (isRecord(error)) {
    const { code, message, ...fields } = error;
    const retry = fields['retry'];
    return {
      code: stringOrUndefined(code),
      message: stringOrUndefined(message),
      // Top-level siblings (rare) are kept but the error object's own fields win.
      fields: { ...rest, ...fields },
      nextStep: stringOrUndefined(fields['next_step']),
      retry: retry === 'never' || retry === 'after_reset' ? retry : undefined,
    };
  }
  return {
    ...empty,
    code: stringOrUndefined(body['code']),
    message: stringOrUndefined(body['message']),
    fields: rest,
  };
}

/** `Retry-After` is delay-seconds or an HTTP date (RFC 9110 §10.2.3); answers null when absent or unreadable. */
export function parseRetryAfterHeader(
  value: string | null | undefined,
  now: number = Date.now(),
): number | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, (date - now) / 1000);
}
