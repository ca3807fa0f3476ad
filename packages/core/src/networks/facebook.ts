import { DAY_SECONDS, gigabytes } from '../limits/byte-units.js';
import { type NetworkRules, NO_CAPTION_LIMITS } from './network-rules.js';

export const FACEBOOK_RULES: NetworkRules = {
  platform: 'facebook',
  postTypes: ['photo', 'video', 'reel', 'text'],
  textOnly: true,
  media: { images: true, videos: true, maxFiles: null, oneKindPerPost: false },
  maxVideoBytes: gigabytes(5),
  maxVideoDurationSeconds: null,
  videoLimitsByPostType: {},
  maxImageBytes: null,
  maxImageBytesSource: 'network_decides',
  imageSizeCheckedBeforeSending: false,
  captions: NO_CAPTION_LIMITS,
  options: [{ name: 'postType', type: 'enum', required: false, values: ['photo', 'video', 'reel', 'text'] }],
  unsupportedOptions: [],
  misnamedOptions: {},
  hasOptions: true,
  planGate: { kind: 'none' },
  timeoutDoneSeconds: 2 * DAY_SECONDS,
  // Decision: Page insights report every figure except saves and watch time per post.
  reportedFigures: ['views', 'likes', 'comments', 'shares', 'impressions', 'reach', 'clicks'],
  finishesAfterAnswer: false,
  processingAnswer: { kind: 'video_over', bytes: gigabytes(1) },
  renewsExpiredSignIn: false,
  signInRejected: { status: 401, code: 'reconnect_required' },
  otherSignInCodes: [],
  postIdIsNetworkId: true,
  stillPublishingAlwaysRecorded: true,
  ownRateLimit: null,
};
