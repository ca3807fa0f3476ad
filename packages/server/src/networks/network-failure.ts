import type { Platform } from '@socialpub/core';
import type { NetworkFailure } from './network-driver.js';
import { reconnectRefusal } from './network-facts.js';
import type { SimulatedNetworkError } from './simulate-settings.js';

/**
 * "Errors from a network are passed on with the network's status, code and message; when it gives
 * no code one is derived (`bad_request`, `unauthorized`, `forbidden`, `platform_error`...)"
 * (POST /posts, Responses). A 5xx without a code is `platform_error` ("network failed without a code").
 */
export function derivedCodeForStatus(status: number): string {
  if (status >= 500) return 'platform_error';
  switch (status) {
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 429:
      return 'rate_limited';
    default:
      return 'bad_request';
  }
}

const DEFAULT_FAILURE: SimulatedNetworkError = { status: 500 };

function defaultMessage(platform: Platform, status: number): string {
  return status >= 500 ? `${platform} failed to publish the post.` : `${platform} refused the post.`;
}

/**
 * Turns a simulated refusal into what the service answers. Two networks never pass a refusal on as
 * such: linkedin refusals (e.g. a duplicate) are a 500 `platform_error`, and a threads sign-in
 * rejection is too (Errors, POST /posts 400 and 500 rows). Throttling (429) and sign-in (401) keep
 * their own meaning on linkedin.
 */
export function networkFailure(platform: Platform, error: SimulatedNetworkError | undefined): NetworkFailure {
  const given = error ?? DEFAULT_FAILURE;
  const message = given.message ?? defaultMessage(platform, given.status);
  if (
    platform === 'linkedin' &&
    given.status >= 400 &&
    given.status < 500 &&
    given.status !== 401 &&
    given.status !== 429
  ) {
    return { kind: 'failed', status: 500, code: 'platform_error', message };
  }
  if (platform === 'threads' && given.status === 401) {
    return { kind: 'failed', status: 500, code: 'platform_error', message };
  }
  return {
    kind: 'failed',
    status: given.status,
    code: given.code ?? derivedCodeForStatus(given.status),
    message,
  };
}

/** A connection with `health: reconnect_required` answers the network's own sign-in code (Errors, 401). */
export function reconnectFailure(platform: Platform): NetworkFailure {
  const { status, code } = reconnectRefusal(platform);
  return {
    kind: 'failed',
    status,
    code,
    message: `The ${platform} sign-in of this profile has expired or was revoked: reconnect ${platform} in the dashboard.`,
  };
}
