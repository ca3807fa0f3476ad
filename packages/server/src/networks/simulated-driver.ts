import { answersProcessing, LIMITS, type Platform, prepareTextCounting } from '@socialpub/core';
import { collectFigures, firstFiguresText } from './figures.js';
import type {
  NetworkDriver,
  NetworkFailure,
  NetworkResult,
  PollStatusInput,
  PollStatusOutcome,
  PublishInput,
  PublishOutcome,
  RandomSource,
  Sleep,
} from './network-driver.js';
import { finishesAfterAnswer } from './network-facts.js';
import { networkFailure, reconnectFailure } from './network-failure.js';
import { hexId } from './network-ids.js';
import type { NetworkIds, NetworkResultShape } from './network-results.js';
import { optionsRow } from './options-rows.js';
import { finishAfterSecondsOf, outcomeOf } from './simulate-settings.js';
import { checkPostContent, checkPostHistory, type NetworkMemory } from './simulated-refusals.js';

export interface SimulatedDriverDeps {
  sleep: Sleep;
  random: RandomSource;
  /** The profiles' earlier posts (duplicates, posting limits); without it only the post itself is checked. */
  memory?: NetworkMemory;
}

/** POST /posts, 202 still_publishing: the request waits for the network about 24 seconds. */
const NETWORK_WAIT_MS = LIMITS.publishing.networkWaitSeconds * 1_000;

function addSeconds(at: Date, seconds: number): Date {
  return new Date(at.getTime() + seconds * 1_000);
}

/**
 * 202 processing: core decides from the largest video of the post (every youtube upload; videos
 * over a size on x, skool, linkedin, facebook). A video whose size is unknown is not counted as large.
 */
function answersProcessingFor(platform: Platform, input: PublishInput): boolean {
  const sizes = input.media.flatMap((file) =>
    file.kind === 'video' && file.size !== null ? [file.size] : [],
  );
  return answersProcessing(platform, sizes.length > 0 ? Math.max(...sizes) : null);
}

/**
 * One simulated network ("Simulated networks"): the generic behaviour of every network, with the
 * network's result shape plugged in. The input arrives validated, so this only decides the outcome.
 */
export function createSimulatedDriver(
  platform: Platform,
  shape: NetworkResultShape,
  deps: SimulatedDriverDeps,
): NetworkDriver {
  const published = (ids: NetworkIds, username: string): NetworkResult => {
    const result: NetworkResult = { status: 'published', ...ids, message: `Published to ${platform}.` };
    // Ids never carry a permalink, so it still comes last.
    result['permalink'] = shape.permalink(result, username);
    return result;
  };

  async function publish(input: PublishInput): Promise<PublishOutcome> {
    await deps.sleep(Math.min(input.behaviour.latency_ms ?? 0, NETWORK_WAIT_MS));
    await prepareTextCounting(platform);
    return answer(input);
  }

  /** What the real network would refuse this post for (network-rules.md), unless the rules are lenient. */
  function refusal(input: PublishInput): NetworkFailure | null {
    if (input.networkRules === 'lenient') return null;
    const subject = {
      accountId: input.accountId,
      profileId: input.profileId,
      platform,
      postType: input.postType,
      text: input.text,
      media: input.media,
      options: input.options,
      connectionOptions: input.connection.options,
      now: input.now,
    };
    const found =
      checkPostContent(subject).refusal ??
      (deps.memory === undefined ? null : checkPostHistory(subject, deps.memory));
    if (found === null) return null;
    return {
      kind: 'failed',
      status: found.status,
      code: found.code,
      message: found.message,
      derived: found.derived,
    };
  }

  /** The network's answer once its latency has passed. */
  function answer(input: PublishInput): PublishOutcome {
    const { behaviour } = input;
    const latency = behaviour.latency_ms ?? 0;
    if (input.connection.health === 'reconnect_required') return reconnectFailure(platform);
    // The network looks at the post before it does anything with it: a refusal is answered at once.
    const refused = refusal(input);
    if (refused !== null) return refused;

    const outcome = outcomeOf(behaviour);
    const ids = shape.ids(input, deps.random);
    const finishAt = addSeconds(input.now, finishAfterSecondsOf(behaviour));
    switch (outcome) {
      case 'failed':
        return networkFailure(platform, behaviour.error);
      case 'timeout':
        return { kind: 'timeout' };
      // Only a schedule's send is "unconfirmed"; a request answered at once reads the same as a timeout.
      case 'unconfirmed':
        return input.scheduled === true ? { kind: 'unconfirmed' } : { kind: 'timeout' };
      case 'still_publishing':
        return { kind: 'still_publishing', finishAt, result: published(ids, input.connection.username) };
      case 'success':
        break;
    }
    // A network slower than the request can wait is still_publishing; it answers when its latency ends.
    if (latency > NETWORK_WAIT_MS) {
      return {
        kind: 'still_publishing',
        finishAt: new Date(input.now.getTime() + latency),
        result: published(ids, input.connection.username),
      };
    }
    if (answersProcessingFor(platform, input)) {
      const result: NetworkResult = {
        status: 'processing',
        ...ids,
        job_id: `job_${hexId(deps.random, 24)}`,
        message: `${platform} is processing the upload; the post record turns success when it is published.`,
      };
      return { kind: 'processing', result, finishAt };
    }
    if (finishesAfterAnswer(platform)) {
      const result: NetworkResult = {
        status: 'processing',
        ...ids,
        message: `${platform} accepted the post and finishes publishing it shortly.`,
      };
      return { kind: 'published', result, finishAt };
    }
    return { kind: 'published', result: published(ids, input.connection.username) };
  }

  function pollStatus(input: PollStatusInput): PollStatusOutcome {
    if (input.now.getTime() < input.finishAt.getTime()) return { done: false };
    const { permalink: _previous, ...rest } = input.result;
    const base: NetworkResult = { ...rest, status: 'published', message: `Published to ${platform}.` };
    return { done: true, result: { ...base, permalink: shape.permalink(base, input.username) } };
  }

  return {
    platform,
    publish,
    // X's counting package loads at the first X post: until then the answer needs waiting.
    answerNow: (input) =>
      (input.behaviour.latency_ms ?? 0) > 0 || prepareTextCounting(platform) !== null ? null : answer(input),
    pollStatus,
    collectFigures: (input) => collectFigures(platform, input),
    firstFiguresText: (input) => firstFiguresText(platform, input.figures, input.now),
    optionsRow: (connection, params) => optionsRow(platform, connection, params),
  };
}
