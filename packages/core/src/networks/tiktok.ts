import { DAY_SECONDS, gigabytes, megabytes } from '../limits/byte-units.js';
import type { NetworkRules } from './network-rules.js';
import { TIKTOK_PRIVACY_LEVELS } from './privacy.js';

export const TIKTOK_RULES: NetworkRules = {
  platform: 'tiktok',
  postTypes: ['video', 'photo_slideshow'],
  textOnly: false,
  // One video file is a video post, several images a photo slideshow (POST /posts examples).
  media: { images: true, videos: true, maxFiles: null, oneKindPerPost: true },
  maxVideoBytes: gigabytes(4),
  maxVideoDurationSeconds: 10 * 60,
  videoLimitsByPostType: { video: { maxBytes: gigabytes(4), maxDurationSeconds: 10 * 60 } },
  maxImageBytes: megabytes(20),
  maxImageBytesSource: 'document',
  imageSizeCheckedBeforeSending: true,
  captions: {
    // "about 2,200 characters"; scheduled answers warn caption_over_limit and still send.
    text: { max: 2_200, unit: 'characters', whenOver: 'warn' },
    title: { max: 90, unit: 'characters', whenOver: 'shorten', appliesTo: ['photo_slideshow'] },
    description: { max: 4_000, unit: 'characters', whenOver: 'shorten', appliesTo: ['photo_slideshow'] },
    tags: null,
    disallowedCharacters: [],
  },
  options: [
    // The connector "asks rather than chooses": a privacy choice is required on every tiktok post.
    { name: 'privacyLevel', type: 'enum', required: true, values: TIKTOK_PRIVACY_LEVELS },
    { name: 'disabledComments', type: 'boolean', required: false },
    { name: 'disabledDuet', type: 'boolean', required: false, appliesTo: ['video'] },
    { name: 'disabledStitch', type: 'boolean', required: false, appliesTo: ['video'] },
    { name: 'isBrandedContent', type: 'boolean', required: false },
    { name: 'isYourBrand', type: 'boolean', required: false },
    { name: 'isAiGenerated', type: 'boolean', required: false, appliesTo: ['video'] },
    { name: 'autoAddMusic', type: 'boolean', required: false, appliesTo: ['photo_slideshow'] },
  ],
  unsupportedOptions: [],
  misnamedOptions: { privacyStatus: 'privacyLevel' },
  hasOptions: true,
  planGate: { kind: 'none' },
  timeoutDoneSeconds: 2 * DAY_SECONDS,
  // Decision: TikTok's video query reports view, like, comment and share counts only.
  reportedFigures: ['views', 'likes', 'comments', 'shares'],
  finishesAfterAnswer: true,
  processingAnswer: { kind: 'never' },
  renewsExpiredSignIn: true,
  signInRejected: { status: 401, code: 'REFRESH_TOKEN_EXPIRED' },
  otherSignInCodes: ['NO_TOKEN', 'TOKEN_REFRESH_FAILED'],
  postIdIsNetworkId: false,
  stillPublishingAlwaysRecorded: true,
  ownRateLimit: null,
};
