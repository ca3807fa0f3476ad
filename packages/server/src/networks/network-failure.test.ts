import { describe, expect, it } from 'vitest';
import { derivedCodeForStatus, networkFailure, reconnectFailure } from './network-failure.js';

describe('networkFailure', () => {
  it.each([
    [400, 'bad_request'],
    [401, 'unauthorized'],
    [403, 'forbidden'],
    [404, 'not_found'],
    [422, 'bad_request'],
    [429, 'rate_limited'],
    [500, 'platform_error'],
    [502, 'platform_error'],
    [503, 'platform_error'],
  ])('derives %i without a code as %s', (status, code) => {
    expect(derivedCodeForStatus(status)).toBe(code);
    expect(networkFailure('x', { status })).toMatchObject({ kind: 'failed', status, code });
  });

  it("passes the network's own status, code and message on", () => {
    expect(networkFailure('x', { status: 403, code: 'x_rejected', message: 'duplicate text' })).toEqual({
      kind: 'failed',
      status: 403,
      code: 'x_rejected',
      message: 'duplicate text',
    });
  });

  it('answers a 500 platform_error when failed has no error', () => {
    expect(networkFailure('pinterest', undefined)).toMatchObject({ status: 500, code: 'platform_error' });
  });

  it.each([400, 403, 409, 422])('turns a linkedin %i refusal into 500 platform_error', (status) => {
    const failure = networkFailure('linkedin', { status, code: 'DUPLICATE_POST', message: 'duplicate' });
    expect(failure).toEqual({ kind: 'failed', status: 500, code: 'platform_error', message: 'duplicate' });
  });

  it('keeps a linkedin throttle as a 429', () => {
    expect(networkFailure('linkedin', { status: 429 })).toMatchObject({ status: 429, code: 'rate_limited' });
  });

  it('turns a threads sign-in rejection into 500 platform_error', () => {
    expect(networkFailure('threads', { status: 401 })).toMatchObject({ status: 500, code: 'platform_error' });
  });
});

describe('reconnectFailure', () => {
  it.each([
    ['facebook', 401, 'reconnect_required'],
    ['linkedin', 401, 'reconnect_required'],
    ['skool', 401, 'reconnect_required'],
    ['instagram', 401, 'RECONNECT_REQUIRED'],
    ['tiktok', 401, 'REFRESH_TOKEN_EXPIRED'],
    ['x', 401, 'x_rejected'],
    ['pinterest', 401, 'pinterest_auth_failed'],
    ['threads', 500, 'platform_error'],
    ['youtube', 401, 'reconnect_required'],
  ] as const)('answers %s with %i %s', (platform, status, code) => {
    expect(reconnectFailure(platform)).toMatchObject({ kind: 'failed', status, code });
  });
});
