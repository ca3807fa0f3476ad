import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_CATALOG, isErrorCode, NETWORKS, PLATFORMS } from '@socialpub/core';
import { describe, expect, it } from 'vitest';

/**
 * DESIGN.md: "Error answers are built from the catalog". This test reads the server's source as
 * text (no type information, so it stays simple): every `apiError('<code>', ...)` and any
 * remaining `new ApiError('<code>', ...)` with a literal code must name a catalog code, and a
 * literal `status: N` at the top level of the call's init object must be one of the catalog's
 * statuses for that code. Calls with a computed code are typed `ErrorCode` by `apiError` itself;
 * the one computed from the networks table is checked against that table below.
 */

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

/** The only places allowed to build an ApiError without the catalog (see their comments). */
const RAW_API_ERROR_FILES = ['http/error-response.ts', 'http/faults.ts'];

interface ErrorSite {
  file: string;
  line: number;
  factory: 'apiError' | 'new ApiError';
  code: string | null;
  status: number | undefined;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Index just past the string literal that opens at `start` (quotes and templates with `${}`). */
function skipString(text: string, start: number): number {
  const quote = text[start];
  let i = start + 1;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '\\') i += 2;
    else if (ch === quote) return i + 1;
    else if (quote === '`' && ch === '$' && text[i + 1] === '{') i = skipCode(text, i + 2, '}');
    else i += 1;
  }
  return i;
}

/** Index just past the `close` that ends code opened before `start`, skipping strings and nesting. */
function skipCode(text: string, start: number, close: string): number {
  const pairs: Record<string, string> = { '(': ')', '{': '}', '[': ']' };
  let i = start;
  while (i < text.length) {
    const ch = text[i] ?? '';
    if (ch === close) return i + 1;
    if (ch === "'" || ch === '"' || ch === '`') i = skipString(text, i);
    else if (pairs[ch] !== undefined) i = skipCode(text, i + 1, pairs[ch]);
    else i += 1;
  }
  return i;
}

/** A literal `status: N` directly inside the call's init object (not in `extra` or deeper). */
function topLevelStatus(args: string): number | undefined {
  let depth = 0;
  for (let i = 0; i < args.length; ) {
    const ch = args[i] ?? '';
    if (ch === "'" || ch === '"' || ch === '`') {
      i = skipString(args, i);
      continue;
    }
    if (ch === '{' || ch === '(' || ch === '[') depth += 1;
    if (ch === '}' || ch === ')' || ch === ']') depth -= 1;
    if (depth === 1) {
      const match = /^\bstatus\s*:\s*(\d{3})\b/.exec(args.slice(i));
      if (match && /[\s{,]/.test(args[i - 1] ?? '')) return Number(match[1]);
    }
    i += 1;
  }
  return undefined;
}

function errorSites(file: string): ErrorSite[] {
  const text = readFileSync(file, 'utf8');
  const sites: ErrorSite[] = [];
  for (const match of text.matchAll(/\b(new ApiError|apiError)\(/g)) {
    const open = (match.index ?? 0) + match[0].length;
    const args = text.slice(open, skipCode(text, open, ')') - 1);
    const literal = /^\s*(['"])([^'"]+)\1/.exec(args);
    sites.push({
      file: relative(SRC, file),
      line: text.slice(0, match.index).split('\n').length,
      factory: match[1] === 'apiError' ? 'apiError' : 'new ApiError',
      code: literal?.[2] ?? null,
      status: topLevelStatus(args),
    });
  }
  return sites;
}

const SITES = sourceFiles(SRC).flatMap(errorSites);
const LITERAL_SITES = SITES.filter((site) => site.code !== null);
const where = (site: ErrorSite) => `${site.file}:${site.line} ${site.factory}('${site.code}')`;

describe('error codes the server can emit', () => {
  it('finds the error sites of the server (the scan itself works)', () => {
    expect(LITERAL_SITES.length).toBeGreaterThan(80);
    expect(LITERAL_SITES).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ file: 'tus/storage-routes.ts', code: 'upload_offset_mismatch' }),
        expect.objectContaining({ file: 'tus/storage-routes.ts', code: 'upload_closed', status: 410 }),
        expect.objectContaining({ file: 'domain/accounts.ts', code: 'conflict' }),
      ]),
    );
  });

  it('names only codes of the error catalog', () => {
    const unknown = LITERAL_SITES.filter((site) => !isErrorCode(site.code)).map(where);
    expect(unknown).toEqual([]);
  });

  it('uses only statuses the catalog gives for the code', () => {
    const wrong = LITERAL_SITES.filter((site) => {
      if (site.status === undefined || !isErrorCode(site.code)) return false;
      return !ERROR_CATALOG[site.code].statuses.includes(site.status);
    }).map((site) => `${where(site)} status ${site.status}`);
    expect(wrong).toEqual([]);
  });

  it('builds errors with the catalog factory outside the legacy re-mapping and fault injection', () => {
    const raw = SITES.filter(
      (site) => site.factory === 'new ApiError' && !RAW_API_ERROR_FILES.includes(site.file),
    ).map(where);
    expect(raw).toEqual([]);
  });

  it.each(PLATFORMS.map((platform) => [platform]))(
    'answers the %s sign-in refusal with a catalog code and status',
    (platform) => {
      const { code, status } = NETWORKS[platform].signInRejected;
      expect(isErrorCode(code)).toBe(true);
      if (isErrorCode(code)) expect(ERROR_CATALOG[code].statuses).toContain(status);
    },
  );
});

describe('the source scan', () => {
  it.each<[string, number | undefined]>([
    ["'rate_limited', 'm', { retryAfterSeconds: 3, status: 429 }", 429],
    // \u0024 is `$`: a template with a placeholder holding a brace and a parenthesis.
    ["'not_cancellable', `(\u0024{f({ status: 404 })}) {`, { status: 409, extra: { status: 500 } }", 409],
    ["'bad_request', 'm', { extra: { status: 400 } }", undefined],
    ["'post_not_found', 'status: 404'", undefined],
  ])('reads the top-level status of %s as %s', (args, status) => {
    expect(topLevelStatus(args)).toBe(status);
  });
});
