import type { JsonLog } from './json-log.js';
import { PlainHistogram } from './plain-histogram.js';
import { RequestDurations } from './request-durations.js';

/** What a scheduler send reports: the post's ids and due time. */
export interface SentPost {
  id: string;
  accountId: string;
  platforms: readonly string[];
  /** Due time (ISO). */
  at: string;
}

/** What the request log records of a request, which the JSON log line repeats. */
export interface LoggedFields {
  path: string;
  clientAddress: string | null;
  accountId: string | null;
  errorCode: string | null;
}

/** Lateness of scheduled sends, from a moment to an hour. */
export const LAG_BUCKETS = [0.1, 0.5, 1, 2, 5, 10, 30, 60, 300, 900, 3600];

/**
 * What happens in the server that an operator watches: the parts report here in plain numbers,
 * `GET /metrics` reads them through prom-client (observability/metrics-registry.ts, loaded at the
 * first scrape), and SOCIALPUB_LOG=json writes a line for each request and scheduler send.
 */
export class ServerEvents {
  readonly durations = new RequestDurations();
  readonly lag = new PlainHistogram(LAG_BUCKETS);
  /** Scheduler sends by stored outcome. */
  readonly sends = new Map<string, number>();
  /** Dashboard sign-ins refused, by reason. */
  readonly signInRefusals = new Map<string, number>();
  uploadBytesReceived = 0;

  constructor(readonly log: JsonLog | null) {}

  request(method: string, route: string, status: number, seconds: number, logged: LoggedFields): void {
    this.durations.observe(method, route, status, seconds);
    this.log?.request({ method, route, status, durationMs: Math.round(seconds * 1e6) / 1e3, ...logged });
  }

  scheduledSend(post: SentPost, outcome: string, sentAt: Date): void {
    const lag = Math.max(0, (sentAt.getTime() - Date.parse(post.at)) / 1000);
    this.sends.set(outcome, (this.sends.get(outcome) ?? 0) + 1);
    this.lag.observe(lag);
    this.log?.scheduledSend({
      scheduledPostId: post.id,
      accountId: post.accountId,
      platforms: post.platforms,
      outcome,
      dueAt: post.at,
      lagSeconds: lag,
    });
  }

  signInRefused(reason: string): void {
    this.signInRefusals.set(reason, (this.signInRefusals.get(reason) ?? 0) + 1);
  }

  uploadReceived(bytes: number): void {
    if (bytes > 0) this.uploadBytesReceived += bytes;
  }
}
