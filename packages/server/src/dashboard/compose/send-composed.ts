import { randomUUID } from 'node:crypto';
import { isApiError, type Platform } from '@socialpub/core';
import type { AccountRecord } from '../../db/accounts-repo.js';
import type { Services } from '../../services.js';
import { networkBlock } from '../components/compose-options.js';
import { formatTime } from '../components/format.js';
import { formatUtc, parseLocalInput } from '../time-zone.js';

/** One network's answer to Check or Publish, in words. */
export interface PlaceResult {
  platform: string;
  ok: boolean;
  message: string;
  link?: string;
  /** The post's or scheduled post's id once one was made. */
  id?: string;
}

export interface ComposedPost {
  values: {
    profile_id: string;
    networks: Platform[];
    text: string;
    media: string[];
    when: 'now' | 'later';
    at_local: string;
    options: Record<string, string>;
  };
  /** The zone the typed date and time are read in. */
  zone: string;
  /** Check only: every check runs, nothing is sent or saved. */
  check: boolean;
}

/**
 * The composer's post, one `POST /posts` body per picked network, through the API's own publishing
 * service: `prepare` for Check (nothing sent), `handle` to send or schedule. Each network's answer
 * is given in words; a schedule is confirmed in the person's zone with UTC beside it. Two or more
 * posts made from one composer post are recorded as one group (one row on Scheduled and History).
 */
export async function sendComposed(
  services: Services,
  account: AccountRecord,
  post: ComposedPost,
): Promise<{ results: PlaceResult[]; problem?: string }> {
  const { values, zone } = post;
  if (values.networks.length === 0) return { results: [], problem: 'Pick at least one network.' };
  let scheduledFor: string | undefined;
  if (values.when === 'later') {
    const at = parseLocalInput(values.at_local, zone);
    if (!at) return { results: [], problem: 'Give the date and time to publish at, or pick Now.' };
    scheduledFor = at.toISOString();
  }
  const inZone = (iso: string) => `${formatTime(iso, zone)} (${formatUtc(new Date(iso))})`;
  const service = services.publishing;
  const results: PlaceResult[] = [];
  for (const platform of values.networks) {
    const content = {
      ...(values.text === '' ? {} : { text: values.text }),
      ...(values.media.length === 0 ? {} : { mediaID: values.media }),
    };
    const body = {
      accountId: values.profile_id,
      platform,
      content,
      ...(scheduledFor ? { scheduledFor } : {}),
      ...networkBlock(platform, values.options),
    };
    const input = { address: 'current' as const, account, idempotencyKey: undefined };
    const rawBody = JSON.stringify({ post: body });
    try {
      if (post.check) {
        const prepared = await service.prepare({ ...input, rawBody });
        const when =
          prepared.delivery.kind === 'now' ? 'now' : `at ${inZone(prepared.delivery.at.toISOString())}`;
        results.push({ platform, ok: true, message: `Every check passed; it would go out ${when}.` });
        continue;
      }
      const answer = await service.handle({ ...input, rawBody });
      const ids = (answer.body['service'] ?? answer.body) as { post_id?: string; scheduled_post_id?: string };
      const id = ids.scheduled_post_id ?? ids.post_id;
      // A schedule is confirmed in the person's zone; other answers in the service's own words.
      const scheduledAt = answer.body['scheduled_at'];
      const message =
        answer.status < 300 && typeof scheduledAt === 'string'
          ? `Scheduled for ${inZone(scheduledAt)}.`
          : typeof answer.body['message'] === 'string'
            ? answer.body['message']
            : 'Published.';
      results.push({
        platform,
        ok: answer.status < 300,
        message,
        ...(id ? { link: `/dashboard/history/${id}`, id } : {}),
      });
    } catch (error) {
      if (!isApiError(error)) throw error;
      results.push({ platform, ok: false, message: error.message });
    }
  }
  const made = results.flatMap((r) => (r.ok && r.id ? [r.id] : []));
  if (made.length > 1) services.repos.composerGroups.add(account.id, randomUUID(), made);
  return { results };
}
