import { type ErrorCatalogPart, MEDIA_IMPORT } from './catalog-entry.js';
import { CHECK_HISTORY_FIRST, LATER, NEVER } from './retry-rule.js';

const SHARE_LINK_FIELDS = ['next_step', 'provider'] as const;

/**
 * Media import (POST and GET /media). Share-link refusals carry `code`, `next_step`, `provider`
 * ("Share links"). The answers the document gives only a message for get a code the reference
 * server decided (`decided: true`), sent beside `error` like the documented ones.
 */
export const MEDIA_IMPORT_ERRORS = {
  link_not_public: {
    statuses: [400],
    families: MEDIA_IMPORT,
    summary: 'The share link is not public; share it with anyone who has the link.',
    retry: NEVER,
    extraFields: SHARE_LINK_FIELDS,
    nextStep: 'Share the file publicly (anyone with the link) and send the link again.',
  },
  link_is_folder: {
    statuses: [400],
    families: MEDIA_IMPORT,
    summary: 'The share link names a folder; send the link of one file.',
    retry: NEVER,
    extraFields: SHARE_LINK_FIELDS,
    nextStep: 'Open the folder and share the single file instead.',
  },
  link_not_found: {
    statuses: [400],
    families: MEDIA_IMPORT,
    summary: 'The provider does not know the shared file; check the link.',
    retry: NEVER,
    extraFields: SHARE_LINK_FIELDS,
    nextStep: 'Check that the link is complete and the file still exists.',
  },
  link_temporarily_blocked: {
    statuses: [400],
    families: MEDIA_IMPORT,
    summary: 'The provider is blocking downloads of the file for now; try later.',
    retry: LATER,
    extraFields: SHARE_LINK_FIELDS,
    nextStep: 'Try again later, or upload the file with an upload link.',
  },
  link_not_a_file: {
    statuses: [400],
    families: MEDIA_IMPORT,
    summary: 'The share link is not a file of an accepted type (file_name names it when known).',
    retry: NEVER,
    extraFields: [...SHARE_LINK_FIELDS, 'file_name'],
    nextStep: 'Share a JPEG, PNG, WebP, MP4, MOV or WebM file.',
  },
  link_not_supported: {
    statuses: [400],
    families: MEDIA_IMPORT,
    summary: 'Share links of this provider or form are not supported; send a direct file URL.',
    retry: NEVER,
    extraFields: SHARE_LINK_FIELDS,
    nextStep: 'Send a direct link to the file, or upload it with an upload link.',
  },
  share_links_paused: {
    statuses: [400],
    families: MEDIA_IMPORT,
    summary: 'Share links are switched off for now; send a direct file URL or try later.',
    retry: LATER,
    extraFields: SHARE_LINK_FIELDS,
    nextStep: 'Send a direct link to the file, or try the share link later.',
  },
  invalid_json: {
    statuses: [400],
    families: MEDIA_IMPORT,
    summary: 'The body is not valid JSON; send {"url": "..."}.',
    retry: NEVER,
    extraFields: [],
    decided: true,
  },
  invalid_url: {
    statuses: [400],
    families: MEDIA_IMPORT,
    summary: '`url` is missing or not an http or https address; send the public URL of the file.',
    retry: NEVER,
    extraFields: [],
    decided: true,
  },
  download_failed: {
    statuses: [400],
    families: MEDIA_IMPORT,
    summary: 'The source did not answer the checks (8 seconds each) or refused; fix the source URL.',
    retry: NEVER,
    extraFields: [],
    decided: true,
  },
  invalid_file_id: {
    statuses: [400],
    families: MEDIA_IMPORT,
    summary: 'The status request’s file_id is missing or not a UUID; send the file_id of the import.',
    retry: NEVER,
    extraFields: [],
    decided: true,
  },
  file_too_large: {
    statuses: [413],
    families: MEDIA_IMPORT,
    summary: 'Image over 20 MB or video over 5 GB (size), or storage refused it (file_id, status failed).',
    retry: NEVER,
    extraFields: ['size', 'file_id', 'status'],
    decided: true,
  },
  unsupported_type: {
    statuses: [415],
    families: MEDIA_IMPORT,
    summary: 'Not a JPEG, PNG, WebP, MP4, MOV or WebM file (web page, GIF, HEIC, ...); nothing imported.',
    retry: NEVER,
    extraFields: ['file_name'],
    decided: true,
  },
  import_failed: {
    statuses: [500],
    families: MEDIA_IMPORT,
    summary: 'The import could not start or failed while open; read the message and check before resending.',
    retry: CHECK_HISTORY_FIRST,
    extraFields: [],
    decided: true,
  },
} satisfies ErrorCatalogPart;
