import {
  type ApiError,
  apiError,
  countDetail,
  type ErrorCode,
  type FieldCount,
  NETWORKS,
  type NetworkRefusal,
  prepareTextCounting,
} from '@socialpub/core';
import { networkMemory } from '../../db/network-memory.js';
import {
  checkPostContent,
  checkPostHistory,
  checkPostMedia,
  type RulesSubject,
} from '../../networks/index.js';
import { networkRulesOf } from './publish.js';
import { type PublishContext, required, warn } from './publish-context.js';

/** The request field a text rule reads, as a warning names it (pinterest.title, content.text...). */
function fieldOf(platform: string, count: FieldCount): string {
  switch (count.field) {
    case 'title':
    case 'link':
      return `${platform}.${count.field}`;
    case 'alt_text':
      return `${platform}.altText`;
    default:
      return 'content.text';
  }
}

/** A network's refusal as the API document answers it, carrying the network's own words. */
export function networkRefusalError(refusal: NetworkRefusal): ApiError {
  return apiError(refusal.code as ErrorCode, refusal.message, { status: refusal.status });
}

function subjectOf(ctx: PublishContext): RulesSubject {
  const connection = required(ctx.connection, 'connection');
  return {
    accountId: ctx.account.id,
    profileId: required(ctx.profile, 'profile').id,
    platform: required(ctx.platform, 'platform'),
    postType: ctx.postType,
    text: ctx.text,
    media: ctx.media,
    options: ctx.options,
    connectionOptions: connection.options,
    now: ctx.now,
  };
}

/**
 * What the real network would refuse (network-rules.md), said before anything is sent. A publish
 * sent now is refused by the simulated network itself when it receives it (a failed post record);
 * its dry run answers that refusal. A scheduled or queued post is checked against its text and
 * files now: a text over a limit is the `caption_over_limit` warning (the network refuses it when
 * it goes out), files the network would refuse are refused now. Off with `simulate.rules: lenient`.
 */
export function checkNetworkRulesStep(ctx: PublishContext): void | Promise<void> {
  const platform = required(ctx.platform, 'platform');
  // X's counting package loads at the first X post, so the network's own answer never waits for it.
  const loading = prepareTextCounting(platform);
  if (loading !== null) return loading.then(() => checkNetworkRulesStep(ctx));
  const sentNow = ctx.delivery.kind === 'now';
  if ((sentNow && !ctx.dryRun && !ctx.checkOnly) || NETWORKS[platform].refuses.length === 0) return;
  if (networkRulesOf(required(ctx.connection, 'connection')) === 'lenient') return;
  const subject = subjectOf(ctx);
  const content = checkPostContent(subject);
  if (sentNow) {
    const refusal =
      content.refusal ?? checkPostHistory(subject, networkMemory(ctx.deps.services.repos.postRecords));
    if (refusal !== null) throw networkRefusalError(refusal);
    return;
  }
  for (const count of content.counts) {
    const rule = NETWORKS[platform].refuses.find((r) => r.id === count.rule);
    if (count.ok || rule?.applied !== 'network') continue;
    warn(
      ctx,
      'caption_over_limit',
      `${countDetail(count)} ${platform} refuses it when the post goes out: ${rule.words}`,
      { field: fieldOf(platform, count) },
    );
  }
  const media = checkPostMedia(subject);
  if (media !== null) throw networkRefusalError(media);
}
