import { DAY_SECONDS, gigabytes, HOUR_SECONDS, MINUTE_SECONDS, megabytes } from './byte-units.js';

/**
 * Every number of the API document's Limits section (and the figures it repeats elsewhere) as data.
 * Durations are in seconds and sizes in bytes unless the name says otherwise; see byte-units.ts for
 * why MB and GB are binary units.
 */
export const LIMITS = {
  /** Limits, Request throttle: per account, all profiles together. */
  throttle: {
    postSpacingSecondsPerNetwork: 20,
    importSpacingSeconds: 20,
  },
  /** Limits, Request throttle: skool's own limit, per account across profiles. */
  skool: {
    postsPerHour: 1,
    postsPerUtcDay: 10,
  },
  /** Limits, Post allowance: X posts use the add-on's own allowance. */
  xAddon: {
    postsPerBillingMonth: 200,
    postsWithLinksPerBillingMonth: 20,
  },
  /** Limits, Scheduling; POST /posts scheduledFor rules. */
  scheduling: {
    minSecondsAhead: 60,
    maxDaysAhead: 365,
    maxWaitingPostsPerAccount: 500,
  },
  /** Limits, Reads. */
  reads: {
    perUtcMinute: 60,
    optionsPerMinute: 10,
    optionsRowReuseSeconds: 90,
  },
  /** Endpoints, Idempotency; Limits, Other. */
  idempotency: {
    keyMinLength: 1,
    keyMaxLength: 255,
    rememberedSeconds: DAY_SECONDS,
    inProgressSeconds: 10 * MINUTE_SECONDS,
    retryAfterSeconds: 5,
  },
  /** GET /posts and GET /media/files limit; GET /media/files reading window. */
  pages: {
    minLimit: 1,
    maxLimit: 100,
    defaultLimit: 20,
    libraryFilesReadPerRequest: 500,
    librarySinceOverlapSeconds: 2 * MINUTE_SECONDS,
    libraryNameContainsMaxLength: 120,
    /** `q` of the network inbox (admin API and dashboard): text to look for in what a network received. */
    textSearchMaxLength: 200,
    /** Rows of one dashboard list page (Scheduled, History, the network inbox). */
    dashboardRows: 50,
  },
  accounts: {
    maxProfilesListed: 100,
    skoolGroupSlugMaxLength: 200,
  },
  /** Post record: error_message is at most 1,000 characters. */
  errorMessageMaxLength: 1_000,
  /** POST /media limits and timing (sizes equal the upload-link limits, see byte-units.ts). */
  mediaImport: {
    maxImageBytes: megabytes(20),
    maxVideoBytes: gigabytes(5),
    checkRequestTimeoutSeconds: 8,
    checkRequests: 2,
    requestWaitSeconds: 22,
    answerWithinSeconds: 25,
    sniffBytes: 4_096,
  },
  /** POST /posts: a mediaID still importing is waited for; older posts address waits longer. */
  mediaIdWait: {
    currentSeconds: 12,
    legacySeconds: 90,
    mediaProcessingRetryAfterSeconds: 30,
  },
  /**
   * Bounds of the AI-app connector's post inputs (service_publish_post and its kin): up to ten places
   * in one call, one per network; REST then checks each network's own rules on what passes.
   */
  connector: {
    placesPerCall: 10,
    textMaxLength: 100_000,
    mediaPerPostMax: 35,
    /** How a place names its profile: a UUID, an @handle or a name. */
    profileRefMaxLength: 200,
    scheduledForMaxLength: 100,
    urlMaxLength: 4_096,
    cursorMaxLength: 2_000,
    /** The upload link's own rule on names applies after (`uploadLink.fileNameMaxLength`). */
    fileNameMaxLength: 1_000,
  },
  /** POST /posts Timing and the 202 still_publishing row. */
  publishing: {
    answerWithinSeconds: 25,
    networkWaitSeconds: 24,
    clientTimeoutSeconds: 30,
  },
  /** Polling advice of GET /media and GET /posts/{id}. */
  polling: {
    mediaMinSeconds: 10,
    mediaMaxSeconds: 30,
    verifyingSeconds: 15,
    postEverySeconds: 30,
    postUpToSeconds: 10 * MINUTE_SECONDS,
  },
  /** POST /media/uploads and Limits, Upload links. */
  uploadLink: {
    chunkSizeBytes: megabytes(6),
    maxVideoBytes: gigabytes(5),
    maxImageBytes: megabytes(20),
    fileNameMaxLength: 120,
    tokenLifetimeSeconds: 2 * HOUR_SECONDS,
    maxTokensPerLink: 12,
    tokensWithinSeconds: DAY_SECONDS,
    linkLifetimeSeconds: DAY_SECONDS,
    resumeAfterNewestTokenExpirySeconds: 2 * HOUR_SECONDS,
    unusedLinkClosesAfterSeconds: 4 * HOUR_SECONDS,
    maxOpenUploadsPerAccount: 10,
    newLinksPerTenMinutes: 20,
    newLinksPerUtcDay: 100,
    callsPerMinute: 60,
    verificationRetryAfterSeconds: 15,
    beingCheckedRetryAfterSeconds: 60,
    tooManyOpenRetryAfterSeconds: 60,
    pausedRetryAfterSeconds: 600,
    uncheckableDeletedAfterSeconds: DAY_SECONDS,
    answerWithinSeconds: 22,
  },
  /** POST /media/uploads max_run_seconds and the uploader command rules. */
  uploader: {
    maxRunSeconds: { min: 30, max: 7_000, default: 100 },
    runEndsWithinExtraSeconds: 10,
    commandTimeoutExtraSeconds: 60,
    progressEverySeconds: 15,
    nodeMinMajorVersion: 18,
  },
  /** Retention: files kept 7 days, longer while a waiting scheduled post uses them. */
  retention: {
    librarySeconds: 7 * DAY_SECONDS,
  },
  /** Post record figures: collected every 6 hours during the first 7 days after publishing. */
  figures: {
    pollEverySeconds: 6 * HOUR_SECONDS,
    collectForSeconds: 7 * DAY_SECONDS,
  },
  /** Limits, Publish attempts per profile per UTC day. */
  publishAttempts: {
    perDailyAllowanceMultiplier: 3,
    extraOverDailyAllowance: 20,
    free: 80,
    withoutAllowance: 500,
  },
  /**
   * JSON request bodies (the reference server's own rule, every JSON address: API, admin, MCP,
   * dashboard). No valid body nests deeper than about eight levels (an MCP call wrapping a post
   * with its options); 64 leaves room for any honest client while bounding every walk over the
   * parsed value, and a deeper body is refused with the address's 400 before anything reads it.
   * Bodies are small JSON objects (a post, a URL, an MCP call), so 1 MiB is far above any valid one
   * and keeps a careless or hostile client from filling memory; the dashboard upload has its own.
   */
  jsonBody: {
    maxNestingDepth: 64,
    maxBytes: megabytes(1),
  },
  /**
   * The dashboard's bodies: forms, and files sent as base64 in JSON (room for a 20 MB image and
   * small videos plus encoding; the admin API's media address takes the same).
   */
  dashboard: {
    formBodyMaxBytes: 256 * 1024,
    uploadBodyMaxBytes: megabytes(64),
    /** Analytics reads at most this many posts for one period (each as GET /posts/{id} reads it). */
    analyticsMaxPosts: 5_000,
    /** The longest period Analytics shows, in days. */
    analyticsMaxDays: 366,
  },
  /** Retry-After values the document fixes for 503 and 504 answers. */
  retryAfter: {
    callerCheckUnavailableSeconds: 5,
    scheduleCheckUnavailableSeconds: 5,
    cancelUnconfirmedSeconds: 5,
    uploadsBusySeconds: [30, 60, 600],
    shareLinksBusySeconds: 60,
  },
  /** Errors: the Retry-After header is sent when the wait is an hour or less. */
  retryAfterHeaderMaxSeconds: HOUR_SECONDS,
} as const;

export type Limits = typeof LIMITS;
