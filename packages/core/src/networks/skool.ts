import { gigabytes, HOUR_SECONDS, megabytes } from '../limits/byte-units.js';
import { LIMITS } from '../limits/limits.js';
import { type NetworkRules, NO_CAPTION_LIMITS } from './network-rules.js';

export const SKOOL_RULES: NetworkRules = {
  platform: 'skool',
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
  options: [
    { name: 'group', type: 'string', required: true },
    { name: 'title', type: 'string', required: true },
    // Some communities need a category, sent as label (else 400 category_required from skool).
    { name: 'label', type: 'string', required: false },
  ],
  unsupportedOptions: [],
  misnamedOptions: {},
  hasOptions: true,
  planGate: { kind: 'plan', minimum: 'beginner' },
  timeoutDoneSeconds: 25 * HOUR_SECONDS,
  // Decision: skool shows likes and comments on a post and nothing else.
  reportedFigures: ['likes', 'comments'],
  finishesAfterAnswer: false,
  processingAnswer: { kind: 'video_over', bytes: megabytes(100) },
  renewsExpiredSignIn: false,
  signInRejected: { status: 401, code: 'reconnect_required' },
  otherSignInCodes: [],
  postIdIsNetworkId: true,
  stillPublishingAlwaysRecorded: false,
  ownRateLimit: { postsPerHour: LIMITS.skool.postsPerHour, postsPerUtcDay: LIMITS.skool.postsPerUtcDay },
  // No public API and no published limits (network-rules.md): only the API document's own rules.
  refuses: [],
};
