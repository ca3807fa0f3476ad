import type { Plan } from '../plans.js';
import type { Platform } from '../platforms.js';
import type { FigureName } from './figures.js';
import type { PostType } from './post-types.js';
import type { RefusalRules } from './refusal-rules.js';

export { POST_TYPES, type PostType, PostTypeSchema } from './post-types.js';

/** What happens to text over a limit: refused with 400, shortened with a warning, or sent with a warning. */
export type OverLimitAction = 'refuse' | 'shorten' | 'warn';

export interface TextLimit {
  readonly max: number;
  readonly unit: 'characters' | 'bytes' | 'UTF-16 code units';
  readonly whenOver: OverLimitAction;
  /** Post types the limit applies to; absent means every post type of the network. */
  readonly appliesTo?: readonly PostType[];
  /** youtube.title is one line: a multi-line title is shortened (warning title_shortened). */
  readonly singleLine?: boolean;
}

export interface CaptionLimits {
  readonly text: TextLimit | null;
  readonly title: TextLimit | null;
  readonly description: TextLimit | null;
  readonly tags: TextLimit | null;
  /** Characters the network does not allow; removed with warning characters_removed. */
  readonly disallowedCharacters: readonly string[];
}

export interface OptionField {
  readonly name: string;
  readonly type: 'string' | 'boolean' | 'enum' | 'string[]';
  readonly required: boolean;
  readonly values?: readonly string[];
  /** Post types that may use the field; others get a warning and the field is not used. */
  readonly appliesTo?: readonly PostType[];
}

export interface MediaRules {
  readonly images: boolean;
  readonly videos: boolean;
  /** Most files in one post; null where the document does not give a number (the network decides). */
  readonly maxFiles: number | null;
  /** tiktok posts one video or a photo slideshow, never both kinds in one post. */
  readonly oneKindPerPost: boolean;
}

export interface VideoLimit {
  readonly maxBytes: number;
  readonly maxDurationSeconds: number | null;
}

export type PlanGate = { kind: 'none' } | { kind: 'plan'; minimum: Plan } | { kind: 'x_addon' };

/** Responses, 202 processing: which uploads answer `processing` with a job_id instead of 200. */
export type ProcessingAnswer = { kind: 'never' } | { kind: 'always' } | { kind: 'video_over'; bytes: number };

export interface SignInRejection {
  readonly status: 401 | 500;
  readonly code: string;
}

/** Where a maxImageBytes figure comes from, because the document leaves three of them open. */
export type ImageLimitSource = 'document' | 'network_documentation' | 'network_decides' | 'no_images';

export interface NetworkRules {
  readonly platform: Platform;
  readonly postTypes: readonly PostType[];
  /** Media rule: text-only posts are accepted for threads, x, linkedin, skool and facebook. */
  readonly textOnly: boolean;
  readonly media: MediaRules;
  /** null where the network takes no video (pinterest: video pins refused). */
  readonly maxVideoBytes: number | null;
  readonly maxVideoDurationSeconds: number | null;
  readonly videoLimitsByPostType: Readonly<Partial<Record<PostType, VideoLimit>>>;
  /** null where the network decides (facebook, linkedin, skool) or takes no images (youtube). */
  readonly maxImageBytes: number | null;
  readonly maxImageBytesSource: ImageLimitSource;
  /** Size checks: video sizes are checked on every network; image sizes only on some. */
  readonly imageSizeCheckedBeforeSending: boolean;
  readonly captions: CaptionLimits;
  readonly options: readonly OptionField[];
  /** Options the network does not support: named in warnings, the post is still sent. */
  readonly unsupportedOptions: readonly string[];
  /** Wrong field names the service recognises, mapped to the right one (noted in warnings). */
  readonly misnamedOptions: Readonly<Record<string, string>>;
  /** Options row: x, linkedin and threads answer `no_options`. */
  readonly hasOptions: boolean;
  readonly planGate: PlanGate;
  /** Post record: a `timeout` becomes done after this many seconds. */
  readonly timeoutDoneSeconds: number;
  readonly reportedFigures: readonly FigureName[];
  /** Responses 200: tiktok and instagram finish after the answer (data.status `processing`). */
  readonly finishesAfterAnswer: boolean;
  readonly processingAnswer: ProcessingAnswer;
  /** Network entry: `ready` includes an expired sign-in the network renews on the next post. */
  readonly renewsExpiredSignIn: boolean;
  /** Errors, POST /posts 401 (threads: 500 platform_error): what a rejected sign-in answers. */
  readonly signInRejected: SignInRejection;
  /** Further sign-in codes: NO_TOKEN (reconnect), TOKEN_REFRESH_FAILED (retry later). */
  readonly otherSignInCodes: readonly string[];
  /** The service ids field: data.post_id is the network's own id on facebook, linkedin, skool. */
  readonly postIdIsNetworkId: boolean;
  /** 202 still_publishing always includes `service` on tiktok, facebook, youtube. */
  readonly stillPublishingAlwaysRecorded: boolean;
  /** A network's own posting limit on top of the 20-second throttle (skool). */
  readonly ownRateLimit: { readonly postsPerHour: number; readonly postsPerUtcDay: number } | null;
  /** What the real network refuses at publish time (network-rules.md), one row per rule. */
  readonly refuses: RefusalRules;
}

export const NO_CAPTION_LIMITS: CaptionLimits = {
  text: null,
  title: null,
  description: null,
  tags: null,
  disallowedCharacters: [],
};
