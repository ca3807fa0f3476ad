import {
  apiError,
  LIMITS,
  nextUtcMidnight,
  type Plan,
  startOfUtcDay,
  uploadDailyBudgetBytes,
} from '@socialpub/core';
import type { UploadLinkEventKind, UploadLinksRepository } from '../../db/upload-links-repo.js';
import { upgradeUrl } from '../publishing/publishing-urls.js';
import { utcDay } from './link-times.js';

const { uploadLink } = LIMITS;
const MINUTE_MS = 60_000;

interface Window {
  kind: UploadLinkEventKind;
  /** `error.window` of the 429. */
  name: string;
  limit: number;
  /** Rolling window length, or null for the UTC day. */
  rollingMs: number | null;
  what: string;
}

const CALLS_PER_MINUTE: Window = {
  kind: 'call',
  name: 'minute',
  limit: uploadLink.callsPerMinute,
  rollingMs: MINUTE_MS,
  what: 'upload-link calls per minute (links, tokens, complete, cancel together)',
};
const LINKS_PER_TEN_MINUTES: Window = {
  kind: 'link',
  name: '10_minutes',
  limit: uploadLink.newLinksPerTenMinutes,
  rollingMs: 10 * MINUTE_MS,
  what: 'new upload links per 10 minutes',
};
const LINKS_PER_DAY: Window = {
  kind: 'link',
  name: 'day',
  limit: uploadLink.newLinksPerUtcDay,
  rollingMs: null,
  what: 'new upload links per UTC day',
};

/**
 * Limits, Upload links: call and link counters per account, the open-upload ceiling and the daily
 * budget. Everything reads the injected clock through `now`.
 */
export class UploadLinkLimits {
  constructor(
    private readonly links: UploadLinksRepository,
    private readonly baseUrl: () => string,
  ) {}

  /** Counts one upload-link call, or refuses it (a refused call is not counted). */
  takeCall(accountId: string, now: Date): void {
    this.#check(accountId, CALLS_PER_MINUTE, now);
    this.links.addEvent(accountId, 'call', now.toISOString());
    // Nothing older than a day is ever read again.
    this.links.pruneEvents(new Date(now.getTime() - 2 * 86_400_000).toISOString());
  }

  checkNewLink(accountId: string, now: Date): void {
    this.#check(accountId, LINKS_PER_TEN_MINUTES, now);
    this.#check(accountId, LINKS_PER_DAY, now);
  }

  recordNewLink(accountId: string, now: Date): void {
    this.links.addEvent(accountId, 'link', now.toISOString());
  }

  checkOpenUploads(accountId: string): void {
    const open = this.links.openLinks(accountId).length;
    const limit = uploadLink.maxOpenUploadsPerAccount;
    if (open < limit) return;
    throw apiError('too_many_open_uploads', `The account has ${open} open uploads (limit ${limit}).`, {
      extra: { open, limit },
      retryAfterSeconds: uploadLink.tooManyOpenRetryAfterSeconds,
    });
  }

  /**
   * "A link holds its size of the day's budget until it closes; bytes that arrived still count when
   * checks refuse them." Used bytes are what closed links (and other charges) left on today's UTC day;
   * held bytes are the sizes of the account's open links.
   */
  checkBudget(accountId: string, plan: Plan, requestedBytes: number, now: Date): void {
    const limit = uploadDailyBudgetBytes(plan);
    if (limit === null) return;
    const used = this.links.usedBytes(accountId, utcDay(now));
    const open = this.links.openLinks(accountId);
    const held = open.reduce((sum, link) => sum + link.size, 0);
    if (used + held + requestedBytes <= limit) return;
    const resetsAt = nextUtcMidnight(now);
    const holdEnds = open.map((link) => Date.parse(link.closesAt ?? link.expiresAt)).sort((a, b) => a - b);
    const heldUntil = holdEnds.length > 0 ? new Date(holdEnds[holdEnds.length - 1] ?? 0).toISOString() : null;
    const extra: Record<string, unknown> = {
      used_bytes: used,
      held_bytes: held,
      held_until: heldUntil,
      limit_bytes: limit,
      remaining_bytes: Math.max(0, limit - used - held),
      requested_bytes: requestedBytes,
      window: 'day',
      resets_at: resetsAt.toISOString(),
      plan,
      upgrade_url: upgradeUrl(this.baseUrl()),
    };
    let retryAfterSeconds: number | undefined;
    // A file larger than the whole budget never fits: no retry_after_seconds (Errors, Upload links).
    if (requestedBytes <= limit) {
      const fitsAt =
        used + requestedBytes > limit
          ? resetsAt.getTime()
          : this.#whenHoldsFree(open, used, requestedBytes, limit, resetsAt);
      retryAfterSeconds = Math.max(1, Math.ceil((fitsAt - now.getTime()) / 1000));
      extra['retry_after_seconds'] = retryAfterSeconds;
    }
    throw apiError(
      'import_budget_exhausted',
      `The file (${requestedBytes} bytes) does not fit the day's upload budget: ${Math.max(0, limit - used - held)} of ${limit} bytes left.`,
      { extra, ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }) },
    );
  }

  #whenHoldsFree(
    open: ReadonlyArray<{ size: number; closesAt: string | null; expiresAt: string }>,
    used: number,
    requested: number,
    limit: number,
    resetsAt: Date,
  ): number {
    let held = open.reduce((sum, link) => sum + link.size, 0);
    const ordered = [...open].sort(
      (a, b) => Date.parse(a.closesAt ?? a.expiresAt) - Date.parse(b.closesAt ?? b.expiresAt),
    );
    for (const link of ordered) {
      held -= link.size;
      if (used + held + requested <= limit) return Date.parse(link.closesAt ?? link.expiresAt);
    }
    return resetsAt.getTime();
  }

  #check(accountId: string, window: Window, now: Date): void {
    const since =
      window.rollingMs === null ? startOfUtcDay(now) : new Date(now.getTime() - window.rollingMs + 1);
    const events = this.links.eventsSince(accountId, window.kind, since.toISOString());
    if (events.length < window.limit) return;
    const oldestCounted = Date.parse(events[events.length - window.limit] ?? now.toISOString());
    const freeAt =
      window.rollingMs === null ? nextUtcMidnight(now).getTime() : oldestCounted + window.rollingMs;
    const retryAfterSeconds = Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
    throw apiError(
      'rate_limited',
      `Too many ${window.what} (limit ${window.limit}); wait ${retryAfterSeconds} seconds.`,
      {
        extra: { window: window.name, limit: window.limit },
        retryAfterSeconds,
      },
    );
  }
}
