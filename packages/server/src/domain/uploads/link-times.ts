import { LIMITS } from '@socialpub/core';
import type { UploadLinkRecord } from '../../db/upload-links-repo.js';

const { uploadLink } = LIMITS;
const ms = (seconds: number): number => seconds * 1000;
const minIso = (...dates: number[]): string => new Date(Math.min(...dates)).toISOString();

/**
 * Limits, Upload links, resume: "until `resume_before`: 2 hours after the newest token expired, at
 * most 24 hours after the link".
 */
export function resumeBefore(link: Pick<UploadLinkRecord, 'newestTokenExpiresAt' | 'expiresAt'>): string {
  return minIso(
    Date.parse(link.newestTokenExpiresAt) + ms(uploadLink.resumeAfterNewestTokenExpirySeconds),
    Date.parse(link.expiresAt),
  );
}

/**
 * When the service ends the link on its own ("States and transitions", Media):
 * - uploading: 24 hours after the link, or 2 hours after the newest token expired without the whole
 *   file; a link never used closes about 4 hours after creation;
 * - verifying: a file that could not be checked within 24 hours fails (Errors, upload_failed).
 */
export function closesAt(
  link: Pick<
    UploadLinkRecord,
    | 'state'
    | 'size'
    | 'receivedBytes'
    | 'firstByteAt'
    | 'createdAt'
    | 'expiresAt'
    | 'newestTokenExpiresAt'
    | 'verifyStartedAt'
  >,
): string | null {
  if (link.state === 'verifying') {
    const started = Date.parse(link.verifyStartedAt ?? link.createdAt);
    return new Date(started + ms(uploadLink.uncheckableDeletedAfterSeconds)).toISOString();
  }
  if (link.state !== 'uploading') return null;
  const linkEnd = Date.parse(link.expiresAt);
  if (link.receivedBytes >= link.size) return new Date(linkEnd).toISOString();
  const candidates = [Date.parse(resumeBefore(link))];
  if (link.firstByteAt === null) {
    candidates.push(Date.parse(link.createdAt) + ms(uploadLink.unusedLinkClosesAfterSeconds));
  }
  return minIso(...candidates);
}

/** The UTC day (YYYY-MM-DD) a time falls on: the daily budget and the 100 links per day count by it. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}
