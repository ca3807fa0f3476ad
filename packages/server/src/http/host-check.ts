import { apiError } from '@socialpub/core';
import type { Context } from 'hono';
import type { Services } from '../services.js';
import type { ClientAddresses } from './client-address.js';
import type { AppEnv } from './context.js';
import { errorResponse } from './error-response.js';
import type { OwnNames } from './own-names.js';

/**
 * Runs before every address (the pipeline's first step): a request whose Host is not one of the
 * server's names gets 421 and reaches nothing (DNS rebinding); every other request carries
 * `{base_url}` in the name it used. Behind a trusted proxy the name is the proxy's
 * `X-Forwarded-Host` (its first entry, the client's), with `X-Forwarded-Proto`'s default port when
 * it names none. Returns the refusal, or null when the request may go on.
 */
export function checkHost(
  c: Context<AppEnv>,
  ownNames: OwnNames,
  clientAddresses: ClientAddresses,
): Response | null {
  let host = c.req.header('host');
  if (clientAddresses.trustsProxy) {
    const forwarded = c.req.header('x-forwarded-host');
    if (forwarded !== undefined && clientAddresses.peerIsTrusted(c.env?.incoming)) {
      host = forwardedHost(forwarded, c.req.header('x-forwarded-proto'));
    }
  }
  const base = ownNames.baseFor(host);
  if (base === null)
    return errorResponse(c, apiError('misdirected_request', misdirectedMessage(host, ownNames)));
  c.set('baseUrl', base);
  return null;
}

/** The first X-Forwarded-Host entry, with the forwarded scheme's default port when it has none. */
function forwardedHost(value: string, proto: string | undefined): string {
  const first = (value.split(',')[0] ?? '').trim();
  const scheme = proto?.split(',')[0]?.trim().toLowerCase();
  if (/:\d+$/.test(first) || (scheme !== 'https' && scheme !== 'http')) return first;
  return `${first}:${scheme === 'https' ? 443 : 80}`;
}

/** The 421's sentence: the Host it got, the names it answers to, and what to change. */
function misdirectedMessage(host: string | undefined, ownNames: OwnNames): string {
  const got = host === undefined ? 'no Host header' : `the host "${host.slice(0, 100)}"`;
  const names = ownNames.names().join(', ');
  const fix = ownNames.hasPublicUrl
    ? 'A proxy in front must pass one of these names: keep the port in Host (nginx: proxy_set_header Host $http_host), or send X-Forwarded-Host and set SOCIALPUB_TRUST_PROXY to the proxy.'
    : 'Use one of these names, or set SOCIALPUB_PUBLIC_URL to the name clients reach this server by.';
  return `This server got ${got}; it answers to ${names}. ${fix}`;
}

/** `{base_url}` as this request named the server (the configured base outside a request check). */
export function requestBase(c: Context, services: Services): string {
  return (c.get('baseUrl' as never) as string | undefined) ?? services.ownNames.canonicalBase();
}
