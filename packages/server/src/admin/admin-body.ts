import { type ApiError, apiError } from '@socialpub/core';
import type { Context } from 'hono';
import type * as z from 'zod';
import type { AppEnv } from '../http/context.js';
import { JSON_BODY_LIMIT_BYTES, readOptionalJsonObject } from '../http/json-body.js';

/** Reads and validates an admin JSON body; the first problem answers 400 `bad_request` with `parameter`. */
export async function adminBody<S extends z.ZodType>(
  c: Context<AppEnv>,
  schema: S,
  limitBytes = JSON_BODY_LIMIT_BYTES,
): Promise<z.infer<S>> {
  const raw = (await readOptionalJsonObject(c, limitBytes)) ?? {};
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const parameter = issue && issue.path.length > 0 ? issue.path.join('.') : 'body';
    throw apiError('bad_request', `${parameter}: ${issue?.message ?? 'invalid value'}`, {
      extra: { parameter },
    });
  }
  return parsed.data;
}

export function adminNotFound(what: string): ApiError {
  return apiError('not_found', `${what} not found.`);
}
