import { gigabytes, MINUTE_SECONDS, megabytes } from '../limits/byte-units.js';
import { type NetworkRules, NO_CAPTION_LIMITS } from './network-rules.js';

export const THREADS_RULES: NetworkRules = {
  platform: 'threads',
  postTypes: ['text', 'image', 'video', 'carousel'],
  textOnly: true,
  media: { images: true, videos: true, maxFiles: 20, oneKindPerPost: false },
  maxVideoBytes: gigabytes(1),
  maxVideoDurationSeconds: null,
  videoLimitsByPostType: {},
  // Not shown in the document: the Threads publishing API takes images up to 8 MB.
  maxImageBytes: megabytes(8),
  maxImageBytesSource: 'network_documentation',
  imageSizeCheckedBeforeSending: true,
  // "threads over 500 characters" is a 400 refusal, not a shortening.
  captions: { ...NO_CAPTION_LIMITS, text: { max: 500, unit: 'characters', whenOver: 'refuse' } },
  options: [],
  unsupportedOptions: [],
  misnamedOptions: {},
  hasOptions: false,
  planGate: { kind: 'none' },
  timeoutDoneSeconds: 10 * MINUTE_SECONDS,
  // Decision: Threads media insights give views, likes, replies and reposts/shares only.
  reportedFigures: ['views', 'likes', 'comments', 'shares'],
  finishesAfterAnswer: false,
  processingAnswer: { kind: 'never' },
  renewsExpiredSignIn: false,
  // Errors, 500: "platform_error (... threads sign-in rejection ...)".
  signInRejected: { status: 500, code: 'platform_error' },
  otherSignInCodes: [],
  postIdIsNetworkId: false,
  stillPublishingAlwaysRecorded: false,
  ownRateLimit: null,
};
