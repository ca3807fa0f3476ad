import { OAUTH_ERROR_STATUS, type OAuthErrorCode } from '@socialpub/core';
import type { Context } from 'hono';

/**
 * A refusal in OAuth's own form (RFC 6749 section 5.2): `{error, error_description}` with the
 * status core's table gives the code. Descriptions say what to fix and never carry a secret.
 */
export class OAuthError extends Error {
  constructor(
    readonly code: OAuthErrorCode,
    readonly description: string,
    /** Sent as `Retry-After` (429 and 503 answers). */
    readonly retryAfterSeconds?: number,
  ) {
    super(description);
    this.name = 'OAuthError';
  }

  get status(): number {
    return OAUTH_ERROR_STATUS[this.code];
  }

  toJSON(): { error: OAuthErrorCode; error_description: string } {
    return { error: this.code, error_description: this.description };
  }
}

/** Token answers and refusals must never be cached (RFC 6749 section 5.1). */
export const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' } as const;

function oauthErrorResponse(
  c: Context,
  error: OAuthError,
  extraHeaders: Record<string, string> = {},
): Response {
  const headers: Record<string, string> = { ...NO_STORE, ...extraHeaders };
  if (error.retryAfterSeconds !== undefined) headers['retry-after'] = String(error.retryAfterSeconds);
  // RFC 6749 section 5.2: a failed client authentication answers 401 with a challenge.
  if (error.code === 'invalid_client') headers['www-authenticate'] = 'Basic realm="socialpub"';
  return c.json(error.toJSON(), error.status as 400, headers);
}

/** Runs an endpoint's work and turns an `OAuthError` into its JSON answer. */
export async function answerOAuth(c: Context, work: () => Promise<Response> | Response): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof OAuthError) return oauthErrorResponse(c, error);
    throw error;
  }
}
