import { DAY_SECONDS, megabytes } from '../limits/byte-units.js';
import { type NetworkRules, NO_CAPTION_LIMITS } from './network-rules.js';

export const INSTAGRAM_RULES: NetworkRules = {
  platform: 'instagram',
  postTypes: ['image', 'reel', 'story', 'carousel'],
  textOnly: false,
  media: { images: true, videos: true, maxFiles: null, oneKindPerPost: false },
  // The largest per-type limit (reels) is the one the 413 MEDIA_TOO_LARGE answer names.
  maxVideoBytes: megabytes(300),
  maxVideoDurationSeconds: 15 * 60,
  videoLimitsByPostType: {
    reel: { maxBytes: megabytes(300), maxDurationSeconds: 15 * 60 },
    story: { maxBytes: megabytes(100), maxDurationSeconds: 60 },
  },
  // Not shown in the document: Instagram's content publishing API takes JPEG images up to 8 MB.
  maxImageBytes: megabytes(8),
  maxImageBytesSource: 'network_documentation',
  imageSizeCheckedBeforeSending: true,
  captions: NO_CAPTION_LIMITS,
  options: [
    { name: 'postType', type: 'enum', required: false, values: ['image', 'reel', 'story', 'carousel'] },
    { name: 'shareToFeed', type: 'boolean', required: false },
    { name: 'coverUrl', type: 'string', required: false, appliesTo: ['reel'] },
  ],
  unsupportedOptions: [],
  misnamedOptions: {},
  hasOptions: true,
  planGate: { kind: 'none' },
  timeoutDoneSeconds: 2 * DAY_SECONDS,
  // Decision: Instagram insights report views, likes, comments, shares, reach and saves;
  // impressions were withdrawn by Instagram, clicks and watch time are not per-post figures.
  reportedFigures: ['views', 'likes', 'comments', 'shares', 'reach', 'saves'],
  finishesAfterAnswer: true,
  processingAnswer: { kind: 'never' },
  renewsExpiredSignIn: false,
  signInRejected: { status: 401, code: 'RECONNECT_REQUIRED' },
  otherSignInCodes: ['NO_TOKEN', 'TOKEN_REFRESH_FAILED'],
  postIdIsNetworkId: false,
  stillPublishingAlwaysRecorded: false,
  ownRateLimit: null,
};
