import { apiError } from '@socialpub/core';
import type { Context } from 'hono';
import type { Services } from '../services.js';
import type { AppEnv } from './context.js';
import { errorResponse } from './error-response.js';
import type { OwnNames } from './own-names.js';

/**
 * Runs before every address (the front door's first step): a request whose Host is not one of the
 * server's names gets 421 and reaches nothing (DNS rebinding); every other request carries
 * `{base_url}` in the name it used. Returns the refusal, or null when the request may go on.
 */
export function checkHost(c: Context<AppEnv>, ownNames: OwnNames): Response | null {
  const host = c.req.header('host');
  const base = ownNames.baseFor(host);
  if (base === null) {
    return errorResponse(
      c,
      apiError(
        'misdirected_request',
        `This server does not answer to the host "${(host ?? '').slice(0, 100)}". Use localhost, 127.0.0.1 or [::1] with the listener's port, or set SOCIALPUB_PUBLIC_URL to the name it is reached by.`,
      ),
    );
  }
  c.set('baseUrl', base);
  return null;
}

/** `{base_url}` as this request named the server (the configured base outside a request check). */
export function requestBase(c: Context, services: Services): string {
  return (c.get('baseUrl' as never) as string | undefined) ?? services.ownNames.canonicalBase();
}
