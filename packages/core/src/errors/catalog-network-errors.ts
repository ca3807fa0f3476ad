import { type ErrorCatalogPart, STANDARD } from './catalog-entry.js';
import { LATER, NEVER, RECONNECT, SEND_AGAIN } from './retry-rule.js';

/**
 * Codes a network gives (passed on with the network's status, code and message, "POST /posts")
 * and the sign-in codes of Authentication rule 6. A network 429 ("network 429s for pinterest and
 * x") is the network's own throttle: not one of rule 7's retryable codes, so a person tries later.
 */
export const NETWORK_ERRORS = {
  no_publish_id: {
    statuses: [400],
    families: STANDARD,
    summary: 'tiktok did not confirm the post with a publish id; send the request again.',
    retry: SEND_AGAIN,
    extraFields: [],
  },
  no_container: {
    statuses: [400],
    families: STANDARD,
    summary: 'instagram did not make a media container for the files; check the files and send again.',
    retry: NEVER,
    extraFields: [],
  },
  pinterest_rejected: {
    statuses: [400, 403, 404, 429],
    families: STANDARD,
    summary: 'pinterest refused the pin (e.g. duplicate, unknown board); fix what its message names.',
    retry: NEVER,
    retryByStatus: { 429: LATER },
    extraFields: [],
  },
  x_rejected: {
    statuses: [400, 401, 403, 404, 429],
    families: STANDARD,
    summary: 'x refused the post (e.g. duplicate text); on 401 reconnect x; fix what its message names.',
    retry: NEVER,
    retryByStatus: { 401: RECONNECT, 429: LATER },
    extraFields: [],
  },
  skool_rejected: {
    statuses: [400],
    families: STANDARD,
    summary: 'skool refused the post; fix what its message names (group, title, label).',
    retry: NEVER,
    extraFields: [],
  },
  category_required: {
    statuses: [400],
    families: STANDARD,
    summary: 'The skool community needs a category; send one of its labels as skool.label.',
    retry: NEVER,
    extraFields: [],
  },
  pinterest_sandbox_board: {
    statuses: [400],
    families: STANDARD,
    summary: 'The pinterest board is a sandbox board the connection cannot post to; choose another board.',
    retry: NEVER,
    extraFields: [],
  },
  reconnect_required: {
    statuses: [401],
    families: STANDARD,
    summary: 'The facebook, linkedin or skool sign-in expired; reconnect the network in the dashboard.',
    retry: RECONNECT,
    extraFields: [],
  },
  RECONNECT_REQUIRED: {
    statuses: [401],
    families: STANDARD,
    summary: 'The instagram sign-in expired; reconnect instagram in the dashboard.',
    retry: RECONNECT,
    extraFields: [],
  },
  REFRESH_TOKEN_EXPIRED: {
    statuses: [401],
    families: STANDARD,
    summary: 'The tiktok sign-in can no longer be renewed; reconnect tiktok in the dashboard.',
    retry: RECONNECT,
    extraFields: [],
  },
  NO_TOKEN: {
    statuses: [401],
    families: STANDARD,
    summary: 'No instagram or tiktok sign-in is stored; reconnect the network in the dashboard.',
    retry: RECONNECT,
    extraFields: [],
  },
  TOKEN_REFRESH_FAILED: {
    statuses: [401],
    families: STANDARD,
    summary: 'Renewing the instagram or tiktok sign-in failed; try later, reconnect if it persists.',
    retry: { kind: 'later', reconnectIfPersistent: true },
    extraFields: [],
  },
  pinterest_auth_failed: {
    statuses: [401],
    families: STANDARD,
    summary: 'pinterest refused the sign-in; reconnect pinterest in the dashboard.',
    retry: RECONNECT,
    extraFields: [],
  },
  // The document names these tiktok failures without a status; 400 because each is fixed by the caller.
  picture_size_check_failed: {
    statuses: [400],
    families: STANDARD,
    summary: 'tiktok says an image violates its size or format rules; send a JPEG of at most 1080 px.',
    retry: NEVER,
    extraFields: [],
  },
  photo_pull_failed: {
    statuses: [400],
    families: STANDARD,
    summary: 'tiktok could not fetch the photo from its URL; make the file reachable and send again.',
    retry: NEVER,
    extraFields: [],
  },
  upstream_unavailable: {
    statuses: [502],
    families: STANDARD,
    summary: 'The network could not be reached; nothing was posted; try again later.',
    retry: LATER,
    extraFields: [],
  },
  upload_worker_failed: {
    statuses: [502],
    families: STANDARD,
    summary: 'The tiktok video upload stopped before confirmation; send the request again.',
    retry: SEND_AGAIN,
    extraFields: [],
  },
  skool_unavailable: {
    statuses: [503],
    families: STANDARD,
    summary: 'skool is unavailable; try again later.',
    retry: LATER,
    extraFields: [],
  },
  x_unavailable: {
    statuses: [503],
    families: STANDARD,
    summary: 'x is unavailable; try again later.',
    retry: LATER,
    extraFields: [],
  },
} satisfies ErrorCatalogPart;
