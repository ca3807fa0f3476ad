import { TIKTOK_TARGET_DEFAULT_PRIVACY_LEVEL } from '../networks/privacy.js';
import { isPlatform, PLATFORMS, type Platform } from '../platforms.js';
import {
  type DryRunValue,
  findOptionsOutsidePost,
  isRecord,
  type MediaField,
  readDryRun,
  readListField,
  readMediaField,
  readPostObject,
  unknownFields,
} from './post-request-readers.js';

/**
 * One shape for every accepted form of a POST /posts body: `post` or `validate`, `dryRun` in
 * either place, `mediaID` or its alias `mediaIds`, `post.tiktok` or the earlier `post.target`.
 * It never refuses: it reports what it found and the server chooses the error and its order.
 */
export interface NormalizedPostRequest {
  /** Which key held the post; null when neither `post` nor `validate` is an object (400). */
  via: 'post' | 'validate' | null;
  dryRun: DryRunValue;
  /** Undefined when missing, empty or not a string (400). */
  accountId: string | undefined;
  /** As sent, trimmed; undefined when missing or not a string. */
  platform: string | undefined;
  /** `platform` when it names one of the nine networks, else undefined (400 unknown platform). */
  knownPlatform: Platform | undefined;
  text: string | undefined;
  media: MediaField;
  mediaUrls: MediaField;
  /** Raw `scheduledFor`, for `parseScheduledFor`; undefined when absent. */
  scheduledFor: unknown;
  /** The options of the request's own network, the target form merged under `post.tiktok`. */
  options: Record<string, unknown>;
  optionsSource: 'block' | 'target' | 'both' | 'none';
  /** `postType` of the options (instagram, facebook), when a string. */
  postType: string | undefined;
  /** Option blocks inside the post for another network than `platform` (not used). */
  otherBlocks: string[];
  /** Option blocks beside `post` (`options_outside_post`). */
  optionsOutsidePost: string[];
  /** Dotted paths of unknown fields (`unknown_field`). */
  unknownFields: string[];
}

function readString(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** The target form's fields without `targetType`; privacy defaults to SELF_ONLY ("Earlier form"). */
function targetOptions(target: Record<string, unknown>): Record<string, unknown> {
  const { targetType: _targetType, ...fields } = target;
  return { privacyLevel: TIKTOK_TARGET_DEFAULT_PRIVACY_LEVEL, ...fields };
}

function optionsFor(
  post: Record<string, unknown>,
  platform: Platform | undefined,
): Pick<NormalizedPostRequest, 'options' | 'optionsSource' | 'otherBlocks'> {
  const target =
    isRecord(post['target']) && post['target']['targetType'] === 'tiktok' ? post['target'] : undefined;
  const block = platform !== undefined && isRecord(post[platform]) ? post[platform] : undefined;
  const otherBlocks: string[] = PLATFORMS.filter((name) => name !== platform && isRecord(post[name]));
  if (post['target'] !== undefined && (platform !== 'tiktok' || target === undefined))
    otherBlocks.push('target');
  if (platform !== 'tiktok' || target === undefined) {
    return { options: block ?? {}, optionsSource: block === undefined ? 'none' : 'block', otherBlocks };
  }
  // Both forms on one tiktok post: the current block wins field by field.
  return {
    options: { ...targetOptions(target), ...(block ?? {}) },
    optionsSource: block === undefined ? 'target' : 'both',
    otherBlocks,
  };
}

export function normalizePostRequest(body: unknown): NormalizedPostRequest {
  const held = readPostObject(body);
  const post = held?.post ?? {};
  const platform = readString(post['platform']);
  const knownPlatform = platform !== undefined && isPlatform(platform) ? platform : undefined;
  const content = isRecord(post['content']) ? post['content'] : {};
  const options = optionsFor(post, knownPlatform);
  return {
    via: held?.via ?? null,
    dryRun: readDryRun(body),
    accountId: readString(post['accountId']),
    platform,
    knownPlatform,
    text: typeof content['text'] === 'string' ? content['text'] : undefined,
    media: readMediaField(content),
    mediaUrls: readListField(content['mediaUrls']),
    scheduledFor: post['scheduledFor'],
    ...options,
    postType: typeof options.options['postType'] === 'string' ? options.options['postType'] : undefined,
    optionsOutsidePost: findOptionsOutsidePost(body),
    unknownFields: unknownFields(body),
  };
}
