import { createHash } from 'node:crypto';
import { digestsEqual } from '../domain/secrets.js';

/**
 * PKCE (RFC 7636) with S256 only, as OAuth 2.1 and the MCP authorization rules require; `plain`
 * would let anyone who saw the authorization request redeem the code. node:crypto is all it needs.
 */
const VERIFIER_PATTERN = /^[A-Za-z0-9\-._~]{43,128}$/;
/** An S256 challenge is the base64url SHA-256 of the verifier: exactly 43 characters. */
const CHALLENGE_PATTERN = /^[A-Za-z0-9\-_]{43}$/;

export function isS256Challenge(value: string): boolean {
  return CHALLENGE_PATTERN.test(value);
}

function isCodeVerifier(value: string): boolean {
  return VERIFIER_PATTERN.test(value);
}

function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

export function verifierMatches(verifier: string, challenge: string): boolean {
  if (!isCodeVerifier(verifier) || !isS256Challenge(challenge)) return false;
  const computed = Buffer.from(s256Challenge(verifier), 'base64url').toString('hex');
  return digestsEqual(computed, Buffer.from(challenge, 'base64url').toString('hex'));
}
