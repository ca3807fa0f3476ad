import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import {
  type AcceptedMime,
  acceptedMimeFor,
  bareMime,
  cleanFileName,
  isGenericContentType,
  SNIFF_BYTES,
  type SniffedMediaType,
  sniffMediaType,
} from '@socialpub/core';
import type { ImportAllowList } from './address-policy.js';
import { SourceFetchError, safeRequest } from './safe-fetch.js';

/**
 * The two checks before an import (POST /media): a HEAD, then a ranged GET of 1 byte, or of the
 * first 4 KB when the type is missing or generic or the HEAD failed; each within 8 seconds.
 */
/** `refusedAs` of first bytes that match nothing known. */
export const UNRECOGNISED = 'unrecognised';

export interface SourceFacts {
  /** The accepted type, from the answer or, when that says nothing, from the first bytes. */
  mime: AcceptedMime | null;
  /** What the source is when it is not accepted (for the 415 message): HTML, GIF, image/gif... */
  refusedAs: string | null;
  /** Declared size in bytes (Content-Length, or the total of Content-Range), or null. */
  size: number | null;
  /** From Content-Disposition, else the last segment of the URL path; cleaned. */
  fileName: string;
  /** The name the source sent in Content-Disposition, cleaned, or null. */
  dispositionName: string | null;
  /** True when the answer said `text/html` or the first bytes are a web page. */
  isWebPage: boolean;
  /** Final address after redirects. */
  url: URL;
}

/** A check answered with an HTTP error status (the share-link refusals map these). */
export class SourceStatusError extends SourceFetchError {
  constructor(readonly status: number) {
    super(`The source answered ${status}.`);
    this.name = 'SourceStatusError';
  }
}

export interface CheckOptions {
  allow: ImportAllowList;
  timeoutMs: number;
  signal?: AbortSignal;
}

function headerValue(headers: IncomingHttpHeaders, name: string): string | null {
  const value = headers[name];
  return typeof value === 'string' ? value : Array.isArray(value) ? (value[0] ?? null) : null;
}

function declaredSize(headers: IncomingHttpHeaders, status: number): number | null {
  const range = headerValue(headers, 'content-range');
  const total = range ? /\/(\d+)\s*$/.exec(range)?.[1] : undefined;
  if (total) return Number(total);
  if (status === 206) return null;
  const length = headerValue(headers, 'content-length');
  return length !== null && /^\d+$/.test(length.trim()) ? Number(length) : null;
}

/** `filename*=UTF-8''...` (RFC 6266) wins over `filename="..."`. */
function fileNameFromDisposition(value: string | null): string | null {
  if (!value) return null;
  const extended = /filename\*\s*=\s*[^']*'[^']*'([^;]+)/i.exec(value)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      return extended.trim();
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(value);
  return (plain?.[2] ?? plain?.[1] ?? '').trim() || null;
}

function fileNameFromUrl(url: URL): string | null {
  const last = url.pathname
    .split('/')
    .filter((part) => part !== '')
    .pop();
  if (!last) return null;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** Reads at most `limit` bytes of a body within the remaining time, then closes it. */
async function readFirstBytes(body: IncomingMessage, limit: number, timeoutMs: number): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let total = 0;
  const timer = setTimeout(
    () => body.destroy(new SourceFetchError('The source did not send its first bytes in time.', true)),
    timeoutMs,
  );
  try {
    for await (const chunk of body) {
      const buffer = chunk as Buffer;
      chunks.push(buffer);
      total += buffer.byteLength;
      if (total >= limit) break;
    }
  } catch (error) {
    if (total === 0)
      throw error instanceof SourceFetchError ? error : new SourceFetchError('The source broke off.');
  } finally {
    clearTimeout(timer);
    body.destroy();
  }
  return new Uint8Array(Buffer.concat(chunks)).subarray(0, limit);
}

interface HeadResult {
  ok: boolean;
  status: number;
  headers: IncomingHttpHeaders;
}

async function head(url: URL, options: CheckOptions): Promise<HeadResult | SourceFetchError> {
  try {
    const answer = await safeRequest(url, { ...options, method: 'HEAD' });
    answer.body.resume();
    const ok = answer.status >= 200 && answer.status < 300;
    return { ok, status: answer.status, headers: answer.headers };
  } catch (error) {
    if (error instanceof SourceFetchError) return error;
    throw error;
  }
}

export async function checkSource(url: URL, options: CheckOptions): Promise<SourceFacts> {
  const first = await head(url, options);
  const headOk = !(first instanceof SourceFetchError) && first.ok;
  const headHeaders = first instanceof SourceFetchError ? {} : first.headers;
  const headType = headOk ? headerValue(headHeaders, 'content-type') : null;
  const wantBytes = !headOk || isGenericContentType(headType) ? SNIFF_BYTES : 1;

  const ranged = await safeRequest(url, {
    ...options,
    method: 'GET',
    headers: { range: `bytes=0-${wantBytes - 1}` },
  });
  if (ranged.status < 200 || ranged.status >= 300) {
    ranged.body.resume();
    // When both checks fail, the HEAD's status is as telling as the GET's.
    throw new SourceStatusError(ranged.status);
  }
  const bytes = await readFirstBytes(ranged.body, wantBytes, options.timeoutMs);
  const headers = headOk ? headHeaders : ranged.headers;
  const contentType = headType ?? headerValue(ranged.headers, 'content-type');
  const size =
    (headOk ? declaredSize(headHeaders, first.status) : null) ?? declaredSize(ranged.headers, ranged.status);
  const disposition = fileNameFromDisposition(
    headerValue(headers, 'content-disposition') ?? headerValue(ranged.headers, 'content-disposition'),
  );
  const fileName = cleanFileName(disposition ?? fileNameFromUrl(ranged.url) ?? '');
  const dispositionName = disposition === null ? null : cleanFileName(disposition);
  const judged = judgeType(contentType, wantBytes > 1 ? bytes : null);
  return { ...judged, size, fileName, dispositionName, url: ranged.url };
}

function judgeType(
  contentType: string | null,
  firstBytes: Uint8Array | null,
): { mime: AcceptedMime | null; refusedAs: string | null; isWebPage: boolean } {
  if (!isGenericContentType(contentType)) {
    const mime = acceptedMimeFor(contentType);
    const bare = bareMime(contentType ?? '');
    return { mime, refusedAs: mime ? null : bare, isWebPage: bare === 'text/html' };
  }
  const sniffed: SniffedMediaType | null = firstBytes ? sniffMediaType(firstBytes) : null;
  if (sniffed?.accepted) return { mime: acceptedMimeFor(sniffed.mime), refusedAs: null, isWebPage: false };
  return {
    mime: null,
    refusedAs: sniffed ? sniffed.label : UNRECOGNISED,
    isWebPage: sniffed?.mime === 'text/html',
  };
}
