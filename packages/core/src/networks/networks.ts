import { type Plan, planAtLeast } from '../plans.js';
import type { Platform } from '../platforms.js';
import { FACEBOOK_RULES } from './facebook.js';
import { INSTAGRAM_RULES } from './instagram.js';
import { LINKEDIN_RULES } from './linkedin.js';
import type { NetworkRules, OptionField, PostType } from './network-rules.js';
import { PINTEREST_RULES } from './pinterest.js';
import { SKOOL_RULES } from './skool.js';
import { THREADS_RULES } from './threads.js';
import { TIKTOK_RULES } from './tiktok.js';
import { X_RULES } from './x.js';
import { YOUTUBE_RULES } from './youtube.js';

/** The rules of the nine networks, one entry each (the Record type fails to compile if one is missing). */
export const NETWORKS: Readonly<Record<Platform, NetworkRules>> = {
  tiktok: TIKTOK_RULES,
  instagram: INSTAGRAM_RULES,
  facebook: FACEBOOK_RULES,
  youtube: YOUTUBE_RULES,
  x: X_RULES,
  linkedin: LINKEDIN_RULES,
  pinterest: PINTEREST_RULES,
  threads: THREADS_RULES,
  skool: SKOOL_RULES,
};

export function networkRules(platform: Platform): NetworkRules {
  return NETWORKS[platform];
}

/** Plan gates: skool needs Beginner or higher, x the X add-on; else 403 plan_required. */
export function passesPlanGate(platform: Platform, plan: Plan, hasXAddon: boolean): boolean {
  const gate = NETWORKS[platform].planGate;
  switch (gate.kind) {
    case 'none':
      return true;
    case 'plan':
      return planAtLeast(plan, gate.minimum);
    case 'x_addon':
      return hasXAddon;
  }
}

export function requiredOptionFields(platform: Platform): OptionField[] {
  return NETWORKS[platform].options.filter((field) => field.required);
}

export function optionField(platform: Platform, name: string): OptionField | undefined {
  return NETWORKS[platform].options.find((field) => field.name === name);
}

/**
 * Responses, 202 processing: every youtube upload, and videos over the network's threshold on x and
 * skool (100 MB), linkedin (200 MB) and facebook (1 GB). "Over" is strictly greater.
 */
export function answersProcessing(platform: Platform, videoBytes: number | null): boolean {
  const rule = NETWORKS[platform].processingAnswer;
  switch (rule.kind) {
    case 'never':
      return false;
    case 'always':
      return true;
    case 'video_over':
      return videoBytes !== null && videoBytes > rule.bytes;
  }
}

/**
 * The byte limit the size check applies before sending, or null when the service does not check
 * (the network decides, or takes no such media). A post type with its own limit (instagram story)
 * narrows the network's limit.
 */
export function mediaSizeLimit(
  platform: Platform,
  kind: 'image' | 'video',
  postType?: PostType,
): number | null {
  const rules = NETWORKS[platform];
  if (kind === 'image') return rules.imageSizeCheckedBeforeSending ? rules.maxImageBytes : null;
  const byType = postType === undefined ? undefined : rules.videoLimitsByPostType[postType];
  return byType?.maxBytes ?? rules.maxVideoBytes;
}

/** The video duration limit, narrowed by post type where the document gives one (instagram stories 60 s). */
export function videoDurationLimitSeconds(platform: Platform, postType?: PostType): number | null {
  const rules = NETWORKS[platform];
  const byType = postType === undefined ? undefined : rules.videoLimitsByPostType[postType];
  return byType?.maxDurationSeconds ?? rules.maxVideoDurationSeconds;
}

/** Networks whose sign-in rejection the service reports with this code. */
export function platformsWithSignInCode(code: string): Platform[] {
  return (Object.values(NETWORKS) as NetworkRules[])
    .filter((rules) => rules.signInRejected.code === code || rules.otherSignInCodes.includes(code))
    .map((rules) => rules.platform);
}
