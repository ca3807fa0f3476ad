import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { expect } from 'vitest';
import type { TestApp } from '../helpers/test-app.js';

/**
 * Shared pieces of the bad-input corpus (Errors: every malformed input gets the documented 4xx in
 * the body family of its address, never a 500 or a stack trace, and nothing changes).
 */

/**
 * Rows left out of the snapshot because a refused request legitimately writes them:
 * - `request_log`: every request is logged, refusals included (admin GET /requests);
 * - `read_counters`: Limits, Reads count refused reads toward the 60 a minute too;
 * - `upload_link_events` of kind `call`: the 60 upload-link calls a minute count every call;
 * - `api_key_last_used`: a refused request still used the key (API management's "last used").
 * Everything else (posts, scheduled posts, posting counters, idempotency entries, media, links,
 * tokens, budgets, options cache, settings...) must stay byte for byte as it was.
 */
const EXCLUDED: Record<string, string | null> = {
  request_log: null,
  read_counters: null,
  // When a key was last used (the dashboard's API keys page): stamped by every request the key makes.
  api_key_last_used: null,
  upload_link_events: "kind <> 'call'",
};

export interface TableState {
  rows: number;
  checksum: string;
}

/** Row count and a SHA-256 over the sorted rows of every table (minus the counters above). */
export function dataSnapshot(t: TestApp): Record<string, TableState> {
  const { db } = t.services;
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all() as { name: string }[];
  const snapshot: Record<string, TableState> = {};
  for (const { name } of tables) {
    const filter = name in EXCLUDED ? EXCLUDED[name] : '';
    if (filter === null) continue;
    const rows = db.prepare(`SELECT * FROM "${name}"${filter ? ` WHERE ${filter}` : ''}`).all();
    const lines = rows.map((row) => JSON.stringify(row)).sort();
    snapshot[name] = {
      rows: rows.length,
      checksum: createHash('sha256').update(lines.join('\n')).digest('hex'),
    };
  }
  return snapshot;
}

/** The address's body family ("Errors", Shapes); `legacy` is the older posts address (api_error). */
export type BodyFamily = 'standard' | 'legacy' | 'media_import' | 'upload_link';

export interface Refusal {
  status: number;
  code: string;
  message: string;
  body: Record<string, unknown>;
  headers: Headers;
}

const STACK_TRACE = /\n\s+at |node_modules|\.[cm]?[jt]s:\d+/;

/** Reads an error answer, checks its family's shape and that it leaks no stack trace. */
export async function readRefusal(res: Response, family: BodyFamily): Promise<Refusal> {
  const text = await res.text();
  expect(text).not.toMatch(STACK_TRACE);
  const body = JSON.parse(text) as Record<string, unknown>;
  let code: unknown;
  let message: unknown;
  if (family === 'media_import') {
    message = body['error'];
    code = body['code'];
  } else {
    const error = body['error'] as Record<string, unknown> | undefined;
    expect(typeof error).toBe('object');
    code = error?.['code'];
    message = error?.['message'];
    if (family === 'upload_link') {
      expect(error?.['next_step']).toEqual(expect.stringMatching(/\S/));
      expect(['never', 'after_reset']).toContain(error?.['retry']);
    }
  }
  expect(code).toEqual(expect.stringMatching(/^[A-Za-z_]+$/));
  expect(message).toEqual(expect.stringMatching(/\S/));
  return { status: res.status, code: String(code), message: String(message), body, headers: res.headers };
}

/**
 * Reads and option reads count toward 60 (and 10) a minute even when refused; the corpus moves the
 * virtual clock to a fresh minute between requests so every answer is the refusal under test.
 */
export async function freshMinute(t: TestApp): Promise<void> {
  await t.services.dueWork.advanceTo(new Date(t.services.clock.now().getTime() + 61_000));
}

export interface BadRequest {
  method: string;
  path: string;
  /** Raw body text (sent as is), or undefined for none. */
  body?: string;
  headers?: Record<string, string>;
  /** API key (default) or another authorization value. */
  auth?: string | null;
}

/** Sends a request and asserts the status, code, family and that no data changed. */
export async function expectRefused(
  t: TestApp,
  apiKey: string,
  request: BadRequest,
  expected: { status: number; code: string; family: BodyFamily; parameter?: string },
): Promise<Refusal> {
  await freshMinute(t);
  const before = dataSnapshot(t);
  const res = await send(t, apiKey, request);
  expect(res.status).toBe(expected.status);
  const refusal = await readRefusal(res, expected.family);
  expect(refusal.code).toBe(expected.code);
  if (expected.parameter !== undefined) {
    expect((refusal.body['error'] as Record<string, unknown>)['parameter']).toBe(expected.parameter);
  }
  expect(dataSnapshot(t)).toEqual(before);
  return refusal;
}

export async function send(t: TestApp, apiKey: string, request: BadRequest): Promise<Response> {
  const auth = request.auth === undefined ? `Bearer ${apiKey}` : request.auth;
  return await t.app.request(request.path, {
    method: request.method,
    headers: {
      ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(auth === null ? {} : { authorization: auth }),
      ...(request.headers ?? {}),
    },
    ...(request.body === undefined ? {} : { body: request.body }),
  });
}

/** A property over junk: every answer is a 4xx in the family with a message, and nothing changed. */
export async function junkProperty<T>(
  t: TestApp,
  arbitrary: fc.Arbitrary<T>,
  toRequest: (value: T) => BadRequest,
  family: BodyFamily,
  apiKey: string,
  check: (refusal: Refusal, value: T) => void = () => {},
): Promise<void> {
  await fc.assert(
    fc.asyncProperty(arbitrary, async (value) => {
      await freshMinute(t);
      const before = dataSnapshot(t);
      const res = await send(t, apiKey, toRequest(value));
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      check(await readRefusal(res, family), value);
      expect(dataSnapshot(t)).toEqual(before);
    }),
    { numRuns: JUNK_RUNS },
  );
}

export const JUNK_RUNS = 50;

/** Characters a client must never get through: C0 controls, DEL and C1 controls. */
const controlChar = fc
  .integer({ min: 0, max: 0x9f })
  .filter((n) => n < 0x20 || n >= 0x7f)
  .map((n) => String.fromCharCode(n));

/** A string holding at least one control character. */
export const withControlChars = fc
  .tuple(fc.string({ maxLength: 20 }), controlChar, fc.string({ maxLength: 20 }))
  .map(([a, c, b]) => `${a}${c}${b}`);

/** A string far past any field limit of the API (but under the 1 MiB body limit). */
export const hugeString = fc.integer({ min: 5_000, max: 20_000 }).map((n) => 'x'.repeat(n));

/** Arbitrary JSON values and junk strings for any field. */
export const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  withControlChars,
  hugeString,
);

/** A body: random JSON of any type, a JSON object of junk fields, or text that is not JSON. */
export function junkBody(fields: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)),
    fc
      .dictionary(fc.constantFrom(...fields, 'unknown_field'), junkValue, { maxKeys: 4 })
      .map((v) => JSON.stringify(v)),
    withControlChars.map((s) => `{${s}`),
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path segment that is not a UUID (never empty, `.` or `..`, which URLs would fold away). */
export const nonUuidSegment = fc
  .oneof(
    fc.string({ minLength: 1, maxLength: 40 }),
    withControlChars,
    fc.uuid().map((u) => `${u}x`),
  )
  .filter((s) => s !== '' && s !== '.' && s !== '..' && !UUID.test(s))
  .map((s) => encodeURIComponent(s));
