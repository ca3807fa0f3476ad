import { type ErrorCatalogPart, STANDARD, UPLOAD_LINK } from './catalog-entry.js';
import { LATER, NEVER, RESUME_FROM_OFFSET } from './retry-rule.js';

/**
 * Codes the reference server decided where the document names none (`decided: true`).
 *
 * The TUS storage endpoint ("POST /media/uploads", Own TUS client; reference-server.md puts it at
 * /storage/uploads/{file_id}) answers in the upload-link shape. TUS 1.0.0 fixes the statuses (409
 * offset mismatch, 412 version, 423 locked); the codes name them so a client need not guess from
 * the message. The uploaders map statuses, not codes, to exit codes (409: HEAD again and go on;
 * 423: exit 5 busy; other 4xx: exit 2 refused).
 */
export const REFERENCE_SERVER_ERRORS = {
  upload_offset_mismatch: {
    statuses: [409],
    families: UPLOAD_LINK,
    summary:
      'The PATCH Upload-Offset is not the stored offset (the answer’s Upload-Offset header); HEAD and continue.',
    retry: RESUME_FROM_OFFSET,
    extraFields: [],
    nextStep: 'HEAD the address for Upload-Offset and send from there.',
    uploadLinkRetry: 'after_reset',
    decided: true,
  },
  upload_locked: {
    statuses: [423],
    families: UPLOAD_LINK,
    summary: 'Another uploader is sending this file right now; nothing was written; wait, then HEAD again.',
    retry: LATER,
    extraFields: [],
    nextStep: 'Another uploader is sending this file; wait, then HEAD for the offset.',
    uploadLinkRetry: 'after_reset',
    decided: true,
  },
  tus_version_unsupported: {
    statuses: [412],
    families: UPLOAD_LINK,
    summary: 'Tus-Resumable is missing or not 1.0.0 (the only version, named in Tus-Version); send 1.0.0.',
    retry: NEVER,
    extraFields: [],
    nextStep: 'Send Tus-Resumable: 1.0.0 on every request.',
    uploadLinkRetry: 'never',
    decided: true,
  },
  conflict: {
    statuses: [409],
    families: STANDARD,
    summary: 'Admin API: another account already uses this e-mail address; choose another one.',
    retry: NEVER,
    extraFields: [],
    decided: true,
    adminOnly: true,
  },
  misdirected_request: {
    statuses: [421],
    families: ['standard', 'media_import', 'upload_link'],
    summary:
      'The Host header names another server: without SOCIALPUB_PUBLIC_URL only localhost, 127.0.0.1 and [::1] on the listener’s port are answered (DNS rebinding); set the public URL to be reached by another name.',
    retry: NEVER,
    extraFields: [],
    nextStep:
      'Send the request to a name this server answers to: localhost, 127.0.0.1 or [::1] on its port, or its SOCIALPUB_PUBLIC_URL.',
    uploadLinkRetry: 'never',
    decided: true,
  },
} satisfies ErrorCatalogPart;
