import { gigabytes, HOUR_SECONDS, megabytes } from '../limits/byte-units.js';
import { type NetworkRules, NO_CAPTION_LIMITS } from './network-rules.js';

export const LINKEDIN_RULES: NetworkRules = {
  platform: 'linkedin',
  postTypes: ['text', 'image', 'video'],
  textOnly: true,
  media: { images: true, videos: true, maxFiles: null, oneKindPerPost: false },
  maxVideoBytes: gigabytes(5),
  maxVideoDurationSeconds: null,
  videoLimitsByPostType: {},
  maxImageBytes: null,
  maxImageBytesSource: 'network_decides',
  imageSizeCheckedBeforeSending: false,
  captions: NO_CAPTION_LIMITS,
  options: [],
  unsupportedOptions: ['carousel'],
  misnamedOptions: {},
  hasOptions: false,
  planGate: { kind: 'none' },
  timeoutDoneSeconds: 25 * HOUR_SECONDS,
  // Decision: LinkedIn share statistics give impressions, unique impressions (reach), likes,
  // comments, shares and clicks; no saves or watch time.
  reportedFigures: ['impressions', 'reach', 'likes', 'comments', 'shares', 'clicks'],
  finishesAfterAnswer: false,
  processingAnswer: { kind: 'video_over', bytes: megabytes(200) },
  renewsExpiredSignIn: true,
  signInRejected: { status: 401, code: 'reconnect_required' },
  otherSignInCodes: [],
  postIdIsNetworkId: true,
  stillPublishingAlwaysRecorded: false,
  ownRateLimit: null,
};
