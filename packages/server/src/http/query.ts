import { apiError, type Warning } from '@socialpub/core';
import type { Context } from 'hono';
import * as z from 'zod';
import type { AppEnv } from './context.js';

export interface ParsedQuery<T> {
  value: T;
  /** Unknown parameters are named in `warnings` (code `unknown_parameter`) and not used. */
  warnings: Warning[];
}

/** A read that takes no parameter (every one given is named in `warnings`); built once, not per read. */
export const NoQuerySchema = z.object({});

/**
 * Validates the query string of a read. The first invalid parameter answers 400 `bad_request` with
 * `error.parameter` (Errors, Reads); a parameter given twice is invalid.
 */
export function parseQuery<S extends z.ZodType>(
  c: Context<AppEnv>,
  schema: S,
  known: readonly string[],
): ParsedQuery<z.infer<S>> {
  // Most reads carry no query string: no URL object is parsed for them.
  const href = c.req.url;
  const noQuery = (schema as z.ZodType) === NoQuerySchema;
  if (noQuery && !href.includes('?')) return { value: {} as z.infer<S>, warnings: [] };
  const raw: Record<string, string> = {};
  const warnings: Warning[] = [];
  const searchParams = href.includes('?') ? new URL(href).searchParams : new URLSearchParams();
  for (const name of new Set(searchParams.keys())) {
    const values = searchParams.getAll(name);
    if (!known.includes(name)) {
      warnings.push({
        code: 'unknown_parameter',
        message: `Unknown parameter "${name}" was not used.`,
        parameter: name,
      });
      continue;
    }
    if (values.length > 1) {
      throw apiError('bad_request', `Send "${name}" once.`, { extra: { parameter: name } });
    }
    raw[name] = values[0] ?? '';
  }
  // A read that takes no parameter has nothing to validate: every given one became a warning.
  if (noQuery) return { value: {} as z.infer<S>, warnings };
  return { value: validateQuery(schema, raw, known), warnings };
}

/**
 * The query parameters of a read as strings, validated by the read's schema; the first invalid one
 * answers 400 `bad_request` with `error.parameter`. The MCP tools' reads go through it too.
 */
export function validateQuery<S extends z.ZodType>(
  schema: S,
  raw: Record<string, string>,
  known: readonly string[],
): z.infer<S> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const parameter = String(issue?.path[0] ?? known[0] ?? 'query');
    throw apiError('bad_request', `Parameter "${parameter}": ${issue?.message ?? 'invalid value'}.`, {
      extra: { parameter },
    });
  }
  return parsed.data;
}

/** A path id that must be a UUID answers 400 `bad_request` with `error.parameter` `id` otherwise. */
export function requireUuid(value: string, parameter = 'id'): string {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) {
    throw apiError('bad_request', `"${parameter}" must be a UUID.`, {
      extra: { parameter },
    });
  }
  return value.toLowerCase();
}
