import { randomUUID } from 'node:crypto';
import { detectLinks, LIMITS, mediaKindFromUrl, type PostStatus } from '@socialpub/core';
import { acceptedTextDigest } from '../db/network-memory.js';
import type { StoredPostRecord } from '../db/post-records-repo.js';
import { deliveryOf } from '../domain/deliveries/delivery-of-send.js';
import {
  type PublishMediaFile,
  type PublishOutcome,
  parseSimulateSettings,
  takeNextBehaviour,
} from '../networks/index.js';
import type { Services } from '../services.js';
import type { ScheduledSender, ScheduledSendInput, ScheduledSendResult } from './scheduled-sender.js';

const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
const stringOrNull = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

function resolveMedia(services: Services, input: ScheduledSendInput): PublishMediaFile[] {
  const { request, accountId } = input.scheduledPost;
  const files: PublishMediaFile[] = [];
  for (const fileId of stringList(request['mediaIds'])) {
    const file = services.repos.mediaFiles.getForAccount(accountId, fileId);
    if (file) files.push({ kind: file.kind, size: file.size, type: file.type, file_id: file.fileId });
  }
  // mediaUrls are fetched when it goes out (scheduledFor rule 6): the URL ending says image or video.
  for (const url of stringList(request['mediaUrls'])) {
    files.push({ kind: mediaKindFromUrl(url) ?? 'image', size: null, type: null, url });
  }
  return files;
}

/** How a network's answer shows in the post record. */
function recordFields(
  outcome: PublishOutcome,
): Pick<
  StoredPostRecord,
  'status' | 'publishId' | 'permalink' | 'errorMessage' | 'networkResult' | 'finishAt'
> {
  switch (outcome.kind) {
    case 'published':
    case 'processing':
    case 'still_publishing': {
      const { result } = outcome;
      const finishAt = 'finishAt' in outcome && outcome.finishAt ? outcome.finishAt.toISOString() : null;
      const status: PostStatus = finishAt === null ? 'success' : 'processing';
      return {
        status,
        publishId:
          stringOrNull(result['publish_id']) ?? stringOrNull(result['container_id']) ?? result.post_id,
        permalink: stringOrNull(result['permalink']),
        errorMessage: null,
        networkResult: result,
        finishAt,
      };
    }
    case 'failed':
      return {
        status: 'failed',
        publishId: null,
        permalink: null,
        errorMessage: `${outcome.code}: ${outcome.message}`.slice(0, LIMITS.errorMessageMaxLength),
        networkResult: null,
        finishAt: null,
      };
    case 'timeout':
    case 'unconfirmed':
      return {
        status: 'timeout',
        publishId: null,
        permalink: null,
        errorMessage: 'Sent, but the network never confirmed it. Do not send it again.',
        networkResult: null,
        finishAt: null,
      };
  }
}

/**
 * The fallback sender: the kept request straight to the network driver, with the connection's
 * `simulate` behaviour (its `next` entries used once each). Every request-time check already passed
 * when the post was scheduled (scheduledFor rule 5); only the connection is looked at again (the
 * allowance and the other send-time checks are the publishing sender's).
 */
export function driverScheduledSender(services: Services): ScheduledSender {
  return {
    async send(input): Promise<ScheduledSendResult> {
      const { scheduledPost, platform, now } = input;
      const { connections, postRecords } = services.repos;
      const connection = connections.get(scheduledPost.profileId, platform);
      if (connection?.status !== 'connected') {
        return { kind: 'not_sent', reason: `${platform} is no longer connected to the profile.` };
      }
      const parsed = parseSimulateSettings(connection.simulate);
      const simulate = parsed.ok ? parsed.settings : {};
      const { behaviour, remaining } = takeNextBehaviour(simulate);
      if (remaining !== simulate) connections.put({ ...connection, simulate: remaining });
      const request = scheduledPost.request;
      const text = stringOrNull(request['text']);
      const blocks = request['options'];
      const options =
        typeof blocks === 'object' && blocks !== null ? (blocks as Record<string, unknown>) : {};
      const send = {
        postType: stringOrNull(request['postType']) ?? 'text',
        text,
        media: resolveMedia(services, input),
        options,
      };
      const outcome = await services.drivers[platform].publish({
        platform,
        accountId: scheduledPost.accountId,
        profileId: scheduledPost.profileId,
        networkRules: simulate.rules === 'lenient' ? 'lenient' : 'real',
        ...send,
        connection: {
          username: connection.username,
          health: connection.health === 'reconnect_required' ? 'reconnect_required' : 'ready',
          options: connection.options,
        },
        behaviour,
        scheduled: true,
        now,
      });
      const postId = randomUUID();
      const at = now.toISOString();
      const fields = recordFields(outcome);
      postRecords.insert({
        id: postId,
        accountId: scheduledPost.accountId,
        profileId: scheduledPost.profileId,
        platform,
        mediaType: scheduledPost.mediaType,
        at,
        updatedAt: services.clocks.forAccount(scheduledPost.accountId).now().toISOString(),
        scheduledPostId: scheduledPost.id,
        notices: [],
        hasLinks: text !== null && detectLinks(text).length > 0,
        username: connection.username,
        simulatedFigures: behaviour.figures ?? null,
        ...fields,
        delivery: deliveryOf(services.keepDeliveries, fields.status, send),
        textDigest: acceptedTextDigest(
          platform,
          fields.status === 'success' || fields.status === 'processing',
          text,
        ),
      });
      return { kind: 'sent', postId };
    },
  };
}
