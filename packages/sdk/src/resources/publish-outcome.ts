import type { PublishOutcome, PublishOutcomeKind, ServiceIds, Warning } from '../types.js';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Which documented answer of POST /posts this is ("POST /api/v2/posts", Responses). Core's
 * `classifyPublishResponse` validates with zod; the SDK reads the same discriminating keys by hand
 * so the browser bundle stays free of zod. Unknown 2xx shapes fall back to `published` (200) or
 * `still_publishing` (202), the safe reading: a 202 of unknown shape must never be resent.
 */
export function publishKindOf(status: number, body: unknown): PublishOutcomeKind {
  if (!isRecord(body)) return status === 200 ? 'published' : 'still_publishing';
  // `dryRun: true` inside the post asks for a dry run as much as beside it: nothing was sent.
  if (body['dry_run'] === true) return 'dry_run';
  if (body['code'] === 'scheduled' || body['scheduled'] === true) return 'scheduled';
  if (body['code'] === 'queued_for_next_day' || body['queued'] === true) return 'queued';
  if (body['code'] === 'still_publishing') return 'still_publishing';
  if (body['code'] === 'schedule_unconfirmed') return 'schedule_unconfirmed';
  if (status === 200) return 'published';
  const data = body['data'];
  if (isRecord(data) && data['status'] === 'processing') return 'processing';
  return 'still_publishing';
}

export function toPublishOutcome(status: number, body: unknown): PublishOutcome {
  const kind = publishKindOf(status, body);
  const fields = isRecord(body) ? body : {};
  const service = isRecord(fields['service']) ? (fields['service'] as ServiceIds) : undefined;
  const warnings = Array.isArray(fields['warnings']) ? (fields['warnings'] as Warning[]) : [];
  const httpStatus = kind === 'published' || kind === 'dry_run' ? 200 : 202;
  return { kind, httpStatus, body, service, warnings } as PublishOutcome;
}
