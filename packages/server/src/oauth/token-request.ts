import type { Context } from 'hono';
import { OAuthError } from './oauth-error.js';

/**
 * Reads a token or revocation request: form-encoded (RFC 6749 section 4.1.3), each parameter at
 * most once. A client that authenticates with HTTP Basic is told this server has public clients
 * only, so it does not believe a secret was checked.
 */
export async function readFormRequest(c: Context): Promise<Map<string, string>> {
  if (!/^application\/x-www-form-urlencoded\b/i.test(c.req.header('content-type') ?? '')) {
    throw new OAuthError('invalid_request', 'Send the parameters as application/x-www-form-urlencoded.');
  }
  const authorization = c.req.header('authorization');
  if (authorization && !/^bearer\s/i.test(authorization)) {
    throw new OAuthError(
      'invalid_client',
      'This server has public clients only: send client_id in the body and no client secret or Authorization header.',
    );
  }
  const text = await c.req.text();
  if (text.length > 16 * 1024) throw new OAuthError('invalid_request', 'The request body is too large.');
  const values = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(text)) {
    if (values.has(name))
      throw new OAuthError('invalid_request', `The parameter ${name} is sent more than once.`);
    values.set(name, value);
  }
  return values;
}

export function required(values: Map<string, string>, name: string): string {
  const value = values.get(name);
  if (value === undefined || value === '') throw new OAuthError('invalid_request', `${name} is missing.`);
  return value;
}
