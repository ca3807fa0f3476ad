import type { NetworkResult as CoreNetworkResult, Figures, NetworkHealth, Platform } from '@socialpub/core';
import type {
  NetworkRulesMode,
  SimulateBehaviour,
  SimulatedFigures,
  SimulateSettings,
} from './simulate-settings.js';

/** The server's clock, declared structurally so this folder does not depend on clock.ts. */
export interface Clock {
  now(): Date;
}

/** Waits; injected so tests (and the virtual clock) never wait for real. */
export type Sleep = (ms: number) => Promise<void>;

/** A number in [0, 1), like Math.random; injected so network ids are reproducible in tests. */
export type RandomSource = () => number;

/** One file of a post, as the domain layer resolved it (sizes may be unknown for mediaUrls). */
export interface PublishMediaFile {
  kind: 'image' | 'video';
  size: number | null;
  type: string | null;
  width?: number | null;
  height?: number | null;
  /** Seconds, where the server read it from the file (the networks' duration rules). */
  durationSeconds?: number | null;
  url?: string | null;
  file_id?: string | null;
}

/** The connection of the profile to this network, as stored. */
export interface NetworkConnection {
  username: string;
  /** `connected` when usable; anything else is shown as `not_connected` in the options row. */
  status?: string;
  health: NetworkHealth;
  options: Record<string, unknown>;
  simulate: SimulateSettings;
}

/**
 * An already validated and normalised post ("POST /posts": every check has passed). `behaviour` is
 * what `takeNextBehaviour` picked for this post; the caller stores the shortened `next` list.
 */
export interface PublishInput {
  platform: Platform;
  /** Whose post it is: the networks' duplicate and posting-limit rules look at the profile's history. */
  accountId: string;
  profileId: string;
  /**
   * `simulate.rules` of the connection: `real` (absent) refuses what the real network refuses
   * (network-rules.md); `lenient` switches those rules off.
   */
  networkRules?: NetworkRulesMode;
  /** The post type the domain decided, e.g. `video`, `photo`, `reel`, `story`, `carousel`, `text`, `image`. */
  postType: string;
  text: string | null;
  media: readonly PublishMediaFile[];
  /** The network's options block (`post.<platform>`), normalised. */
  options: Record<string, unknown>;
  connection: Pick<NetworkConnection, 'username' | 'health' | 'options'>;
  behaviour: SimulateBehaviour;
  /** True when a schedule sends it: `unconfirmed` applies to these sends. */
  scheduled?: boolean;
  now: Date;
}

/**
 * The network's own result, carried in `data` of a publish answer ("Network result on publish"):
 * core's loose schema, with the fields every simulated network gives made required.
 */
export type NetworkResult = CoreNetworkResult & {
  status: 'published' | 'processing';
  post_id: string;
  message: string;
};

/** A refusal as the service passes it on: the network's status, code and message. */
export interface NetworkFailure {
  kind: 'failed';
  status: number;
  code: string;
  message: string;
  /** The network gave no code of the API document's own (the older address then adds none). */
  derived?: boolean;
}

export type PublishOutcome =
  /** Accepted. tiktok and instagram finish after the answer: `finishAt` is when the record turns `success`. */
  | { kind: 'published'; result: NetworkResult; finishAt?: Date }
  /** 202 `processing` with `job_id` and `post_id` (youtube; large videos on x, skool, linkedin, facebook). */
  | { kind: 'processing'; result: NetworkResult; finishAt: Date }
  | NetworkFailure
  /** Sent, never confirmed (post record `timeout`). */
  | { kind: 'timeout' }
  /** Slower than the request can wait: 202 `still_publishing`; the network answers at `finishAt`. */
  | { kind: 'still_publishing'; finishAt: Date; result: NetworkResult }
  /** A scheduled send whose outcome the network never confirmed (scheduled post `unconfirmed`). */
  | { kind: 'unconfirmed' };

/** Asked once `finishAt` has passed for a post that answered `processing`. */
export interface PollStatusInput {
  result: NetworkResult;
  username: string;
  finishAt: Date;
  now: Date;
}

export type PollStatusOutcome = { done: false } | { done: true; result: NetworkResult };

export interface FiguresInput {
  /** The record's id, so default figures differ between posts yet stay the same on every read. */
  postId: string;
  publishedAt: Date;
  /** The figures set on the connection (or stored with the post) when it was published. */
  figures: SimulatedFigures | undefined;
  now: Date;
}

/** `figures` of a post record ("Post record", Figures). */
export type FiguresReading = Figures;

export interface OptionsRowParams {
  /** `skool_group_slug` of GET /accounts/{id}/options. */
  skoolGroupSlug?: string | undefined;
  now: Date;
}

/** An options row without `cached`, which the caller's cache decides ("Network options row"). */
export interface OptionsRowContent {
  platform: Platform;
  status: 'ok' | 'not_connected' | 'reconnect_required' | 'unavailable' | 'no_options';
  options: Record<string, unknown>;
  note: string | null;
  checked_at: string | null;
  error_code: string | null;
}

/** One network behind one interface; a real driver could replace a simulated one. */
export interface NetworkDriver {
  readonly platform: Platform;
  publish(input: PublishInput): Promise<PublishOutcome>;
  /**
   * The answer without waiting, when the network gives it at once (a simulated network in this
   * process with no latency configured); null when it needs waiting, and then nothing was done.
   * The scheduler records such sends in the same transaction as their outcome (all or nothing);
   * a direct publish records it in the turn its checks passed, with no promise before its commit.
   */
  answerNow?(input: PublishInput): PublishOutcome | null;
  pollStatus?(input: PollStatusInput): PollStatusOutcome;
  collectFigures(input: FiguresInput): FiguresReading;
  /**
   * Optional: the JSON text of `collectFigures` for a post read at the instant it is published
   * (`publishedAt` is `now`), the same bytes as `JSON.stringify` of that reading.
   */
  firstFiguresText?(input: Pick<FiguresInput, 'figures' | 'now'>): string;
  optionsRow(connection: NetworkConnection | null, params: OptionsRowParams): OptionsRowContent;
}
