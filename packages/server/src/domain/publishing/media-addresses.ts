import type { IncomingMessage } from 'node:http';
import { type ApiError, apiError, LIMITS } from '@socialpub/core';
import { type ImportAllowList, parseImportAllow } from '../media/address-policy.js';
import { parseHttpUrl, SourceFetchError, safeRequest, UnsafeAddressError } from '../media/safe-fetch.js';
import type { AddressProbe, PublishContext } from './publish-context.js';
import { willSchedule } from './steps-request.js';

/**
 * The legacy `mediaUrls` (and a reel's `instagram.coverUrl`) asked through the media engineer's
 * safe fetcher: only public addresses, or those `services.importAllow` names, are ever reached.
 * Each request is bounded by the import check's 8 seconds (Limits, Media: "import check").
 */
const TIMEOUT_MS = LIMITS.mediaImport.checkRequestTimeoutSeconds * 1000;
const allowLists = new WeakMap<readonly string[], ImportAllowList>();

function allowOf(ctx: PublishContext): ImportAllowList {
  const entries = ctx.deps.services.importAllow;
  let allow = allowLists.get(entries);
  if (allow === undefined) {
    allow = parseImportAllow(entries);
    allowLists.set(entries, allow);
  }
  return allow;
}

function failureOf(error: unknown): AddressProbe {
  if (error instanceof UnsafeAddressError) return { kind: 'not_public', message: error.message };
  if (error instanceof SourceFetchError) return { kind: 'unreachable', message: error.message };
  throw error;
}

function usableLength(value: string | undefined): number | null {
  if (value === undefined || !/^\d+$/.test(value.trim())) return null;
  const size = Number(value);
  return Number.isSafeInteger(size) && size > 0 ? size : null;
}

async function head(ctx: PublishContext, address: string): Promise<AddressProbe> {
  const url = parseHttpUrl(address);
  if (url === null) return { kind: 'unreachable', message: 'The address is not an http or https URL.' };
  try {
    const answer = await safeRequest(url, { allow: allowOf(ctx), timeoutMs: TIMEOUT_MS, method: 'HEAD' });
    answer.body.resume();
    const ok = answer.status >= 200 && answer.status < 300;
    return {
      kind: 'answered',
      status: answer.status,
      size: ok ? usableLength(answer.headers['content-length']) : null,
    };
  } catch (error) {
    return failureOf(error);
  }
}

/** One HEAD per address per request, shared by the size checks and scheduledFor rule 6. */
export function probeAddress(ctx: PublishContext, address: string): Promise<AddressProbe> {
  let probe = ctx.probes.get(address);
  if (probe === undefined) {
    probe = head(ctx, address);
    ctx.probes.set(address, probe);
  }
  return probe;
}

/** True when the post waits for its time (request time) or is going out from a schedule now. */
export function isScheduled(ctx: PublishContext): boolean {
  return ctx.scheduledSend || willSchedule(ctx);
}

/** "an address already answering not found" (scheduledFor rule 6). */
export function answersNotFound(probe: AddressProbe): boolean {
  return probe.kind === 'answered' && (probe.status === 404 || probe.status === 410);
}

/**
 * A private address is refused as the media import refuses it (POST /media: not a public URL);
 * on POST /posts the documented code for an address that cannot be used is `media_not_available`.
 */
export function notPublicRefusal(field: string, address: string, message: string): ApiError {
  return apiError(
    'media_not_available',
    `${field} ${address} cannot be used: ${message} Send a public http or https URL.`,
  );
}

export function notFoundRefusal(field: string, address: string, status: number): ApiError {
  return apiError(
    'media_not_available',
    `${field} ${address} answers ${status} (not found); nothing was published or scheduled. Fix the address.`,
  );
}

async function readAtMost(body: IncomingMessage, maxBytes: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let total = 0;
  const timer = setTimeout(
    () => body.destroy(new SourceFetchError('The source did not send the file in time.', true)),
    TIMEOUT_MS,
  );
  try {
    for await (const chunk of body) {
      const piece = chunk as Buffer;
      total += piece.byteLength;
      if (total > maxBytes) return null;
      chunks.push(piece);
    }
    return Buffer.concat(chunks);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
    body.destroy();
  }
}

/**
 * The bytes of a legacy photo address (tiktok photo handling), or null when the host cannot give
 * them (no answer, not 2xx, or more than `maxBytes`). A private address throws `media_not_available`.
 */
export async function fetchPhotoBytes(
  ctx: PublishContext,
  address: string,
  maxBytes: number,
): Promise<Buffer | null> {
  const url = parseHttpUrl(address);
  if (url === null) return null;
  try {
    const answer = await safeRequest(url, { allow: allowOf(ctx), timeoutMs: TIMEOUT_MS, method: 'GET' });
    if (answer.status < 200 || answer.status >= 300) {
      answer.body.resume();
      return null;
    }
    return await readAtMost(answer.body, maxBytes);
  } catch (error) {
    const failure = failureOf(error);
    if (failure.kind === 'not_public') throw notPublicRefusal('content.mediaUrls', address, failure.message);
    return null;
  }
}
