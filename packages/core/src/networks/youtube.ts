import { gigabytes, HOUR_SECONDS } from '../limits/byte-units.js';
import type { NetworkRules } from './network-rules.js';
import { YOUTUBE_PRIVACY_STATUSES } from './privacy.js';

export const YOUTUBE_RULES: NetworkRules = {
  platform: 'youtube',
  postTypes: ['video'],
  textOnly: false,
  // A youtube post is one uploaded video.
  media: { images: false, videos: true, maxFiles: 1, oneKindPerPost: true },
  maxVideoBytes: gigabytes(5),
  maxVideoDurationSeconds: null,
  videoLimitsByPostType: {},
  maxImageBytes: null,
  maxImageBytesSource: 'no_images',
  imageSizeCheckedBeforeSending: false,
  captions: {
    text: null,
    title: { max: 100, unit: 'characters', whenOver: 'shorten', singleLine: true },
    description: { max: 5_000, unit: 'bytes', whenOver: 'shorten' },
    // "budget 500 characters as YouTube counts them"; over it: 400 youtube_tags_too_long.
    tags: { max: 500, unit: 'characters', whenOver: 'refuse' },
    disallowedCharacters: ['<', '>'],
  },
  options: [
    { name: 'title', type: 'string', required: false },
    { name: 'privacyStatus', type: 'enum', required: true, values: YOUTUBE_PRIVACY_STATUSES },
    { name: 'tags', type: 'string[]', required: false },
  ],
  unsupportedOptions: [],
  misnamedOptions: {},
  hasOptions: true,
  planGate: { kind: 'none' },
  timeoutDoneSeconds: 2 * HOUR_SECONDS,
  // Decision: YouTube Analytics reports views, likes, comments, shares and minutes watched.
  reportedFigures: ['views', 'likes', 'comments', 'shares', 'watch_time_seconds'],
  finishesAfterAnswer: false,
  processingAnswer: { kind: 'always' },
  renewsExpiredSignIn: true,
  // Not shown in the document: youtube uses the service's own reconnect_required, like facebook.
  signInRejected: { status: 401, code: 'reconnect_required' },
  otherSignInCodes: [],
  postIdIsNetworkId: false,
  stillPublishingAlwaysRecorded: true,
  ownRateLimit: null,
};
