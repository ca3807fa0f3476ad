import { isRecord } from '../schemas/post-request-readers.js';
import { base64UrlDecode, base64UrlEncode } from './base64url.js';
import { canonicalJson } from './canonical-json.js';
import { hmacSha256 } from './sha256.js';

/*
 * Opaque page cursors (GET /posts and GET /media/files: "`next_cursor` exactly as received; a
 * foreign cursor is 400"). Layout before base64url: one version byte, a 16-byte HMAC-SHA-256 tag,
 * then the UTF-8 JSON `{"k": kind, "p": payload}`. The tag covers the version, the account the
 * list belongs to, the kind and the payload under the server's secret, so a cursor from another
 * account, another list, another server or with any character changed decodes to null. The account
 * is signed but not carried: the reader supplies the account of the caller, so a cursor shown to one
 * account is foreign to every other (the API document: "a foreign cursor is 400").
 */
const CURSOR_VERSION = 1;
const TAG_BYTES = 16;
/** Cursors are short; refusing long input early bounds the work spent on garbage. */
const MAX_CURSOR_LENGTH = 4096;

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

function tagFor(secret: string, version: number, accountId: string, body: Uint8Array): Uint8Array {
  // Length-prefixed so no account id and body can be shifted into another pair with the same bytes.
  const account = encoder.encode(accountId);
  const message = new Uint8Array(1 + 4 + account.length + body.length);
  const view = new DataView(message.buffer);
  message[0] = version;
  view.setUint32(1, account.length);
  message.set(account, 5);
  message.set(body, 5 + account.length);
  return hmacSha256(encoder.encode(secret), message).subarray(0, TAG_BYTES);
}

export function encodeCursor(payload: object, secret: string, kind: string, accountId: string): string {
  const body = encoder.encode(canonicalJson({ k: kind, p: payload }));
  const bytes = new Uint8Array(1 + TAG_BYTES + body.length);
  bytes[0] = CURSOR_VERSION;
  bytes.set(tagFor(secret, CURSOR_VERSION, accountId, body), 1);
  bytes.set(body, 1 + TAG_BYTES);
  return base64UrlEncode(bytes);
}

/** The payload of a cursor this server made for this kind of list and account, or null for anything else. */
export function decodeCursor(
  cursor: string,
  secret: string,
  kind: string,
  accountId: string,
): Record<string, unknown> | null {
  if (cursor.length === 0 || cursor.length > MAX_CURSOR_LENGTH) return null;
  const bytes = base64UrlDecode(cursor);
  if (!bytes || bytes.length <= 1 + TAG_BYTES || bytes[0] !== CURSOR_VERSION) return null;
  const body = bytes.subarray(1 + TAG_BYTES);
  if (!sameBytes(bytes.subarray(1, 1 + TAG_BYTES), tagFor(secret, CURSOR_VERSION, accountId, body)))
    return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(decoder.decode(body));
  } catch {
    return null;
  }
  if (!isRecord(parsed) || parsed['k'] !== kind || !isRecord(parsed['p'])) return null;
  return parsed['p'];
}

/** Compares in time independent of where the first difference is. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}
