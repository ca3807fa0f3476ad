import type { ErrorCatalogEntry, ErrorCatalogInput } from './catalog-entry.js';
import { MEDIA_IMPORT_ERRORS } from './catalog-media-import.js';
import { NETWORK_ERRORS } from './catalog-network-errors.js';
import { POST_LIMIT_ERRORS } from './catalog-post-limits.js';
import { POST_REFUSAL_ERRORS } from './catalog-post-refusals.js';
import { REFERENCE_SERVER_ERRORS } from './catalog-reference-server.js';
import { SHARED_ERRORS } from './catalog-shared.js';
import { UPLOAD_LINK_ERRORS } from './catalog-upload-links.js';
import { ERROR_CODES, type ErrorCode } from './error-codes.js';
import type { ErrorFamily } from './error-family.js';

// trpc-style exhaustiveness: a code of ERROR_CODES without an entry in some part fails to compile here.
const CATALOG_INPUT = {
  ...SHARED_ERRORS,
  ...POST_REFUSAL_ERRORS,
  ...NETWORK_ERRORS,
  ...POST_LIMIT_ERRORS,
  ...MEDIA_IMPORT_ERRORS,
  ...UPLOAD_LINK_ERRORS,
  ...REFERENCE_SERVER_ERRORS,
} satisfies Record<ErrorCode, ErrorCatalogInput>;

function withCodes(
  input: Record<ErrorCode, ErrorCatalogInput>,
): Readonly<Record<ErrorCode, ErrorCatalogEntry>> {
  const entries = ERROR_CODES.map((code) => [code, Object.freeze({ code, ...input[code] })] as const);
  return Object.freeze(Object.fromEntries(entries) as Record<ErrorCode, ErrorCatalogEntry>);
}

/** Every error code of the API document with its statuses, body families, meaning and retry rule. */
export const ERROR_CATALOG: Readonly<Record<ErrorCode, ErrorCatalogEntry>> = withCodes(CATALOG_INPUT);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CATALOG, value);
}

/** Documented fields beside `code` and `message` for the code as the family answers it. */
export function extraFieldsFor(code: ErrorCode, family: ErrorFamily): readonly string[] {
  const entry = ERROR_CATALOG[code];
  return entry.extraFieldsByFamily?.[family] ?? entry.extraFields;
}

/** Codes a family answers, optionally only those of one status (for OpenAPI answers per status). */
export function errorCodesFor(family: ErrorFamily, status?: number): ErrorCode[] {
  return ERROR_CODES.filter((code) => {
    const entry = ERROR_CATALOG[code];
    return entry.families.includes(family) && (status === undefined || entry.statuses.includes(status));
  });
}
