import { gigabytes, HOUR_SECONDS, megabytes } from '../limits/byte-units.js';
import { type NetworkRules, NO_CAPTION_LIMITS } from './network-rules.js';

export const X_RULES: NetworkRules = {
  platform: 'x',
  postTypes: ['text', 'image', 'video'],
  textOnly: true,
  media: { images: true, videos: true, maxFiles: null, oneKindPerPost: false },
  maxVideoBytes: gigabytes(5),
  maxVideoDurationSeconds: null,
  videoLimitsByPostType: {},
  // Not shown in the document: X's media upload takes images up to 5 MB.
  maxImageBytes: megabytes(5),
  maxImageBytesSource: 'network_documentation',
  imageSizeCheckedBeforeSending: true,
  captions: NO_CAPTION_LIMITS,
  options: [],
  unsupportedOptions: ['madeWithAi', 'paidPartnership'],
  misnamedOptions: {},
  hasOptions: false,
  planGate: { kind: 'x_addon' },
  timeoutDoneSeconds: 25 * HOUR_SECONDS,
  // Decision: X public and organic metrics give impressions, likes, replies, reposts, bookmarks and
  // link clicks; it has no separate reach, and video watch time is not per post.
  reportedFigures: ['impressions', 'likes', 'comments', 'shares', 'saves', 'clicks'],
  finishesAfterAnswer: false,
  processingAnswer: { kind: 'video_over', bytes: megabytes(100) },
  renewsExpiredSignIn: true,
  signInRejected: { status: 401, code: 'x_rejected' },
  otherSignInCodes: [],
  postIdIsNetworkId: false,
  stillPublishingAlwaysRecorded: false,
  ownRateLimit: null,
};
