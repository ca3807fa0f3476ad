import { MINUTE_SECONDS, megabytes } from '../limits/byte-units.js';
import { type NetworkRules, NO_CAPTION_LIMITS } from './network-rules.js';

export const PINTEREST_RULES: NetworkRules = {
  platform: 'pinterest',
  postTypes: ['image_pin'],
  textOnly: false,
  // "pinterest only images"; a video pin is refused with 400.
  media: { images: true, videos: false, maxFiles: null, oneKindPerPost: true },
  maxVideoBytes: null,
  maxVideoDurationSeconds: null,
  videoLimitsByPostType: {},
  maxImageBytes: megabytes(20),
  maxImageBytesSource: 'document',
  imageSizeCheckedBeforeSending: true,
  captions: NO_CAPTION_LIMITS,
  options: [{ name: 'boardId', type: 'string', required: true }],
  unsupportedOptions: [],
  misnamedOptions: {},
  hasOptions: true,
  planGate: { kind: 'none' },
  timeoutDoneSeconds: 10 * MINUTE_SECONDS,
  // Decision: Pinterest pin analytics give impressions, saves, pin clicks and comments; no watch
  // time (image pins only), no views, likes, shares or reach.
  reportedFigures: ['impressions', 'saves', 'clicks', 'comments'],
  finishesAfterAnswer: false,
  processingAnswer: { kind: 'never' },
  renewsExpiredSignIn: true,
  signInRejected: { status: 401, code: 'pinterest_auth_failed' },
  otherSignInCodes: [],
  postIdIsNetworkId: false,
  stillPublishingAlwaysRecorded: false,
  ownRateLimit: null,
};
