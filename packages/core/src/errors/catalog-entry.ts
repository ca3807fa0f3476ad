import type { ErrorCode } from './error-codes.js';
import type { ErrorFamily } from './error-family.js';
import type { RetryRule } from './retry-rule.js';

/** The `retry` field of upload-link error bodies ("Errors", Shapes). */
export type UploadLinkRetry = 'never' | 'after_reset';

/** One entry of the error catalog: everything the document says about one wire code. */
export interface ErrorCatalogEntry {
  readonly code: ErrorCode;
  /** Every HTTP status the document gives for the code; the first is the default. */
  readonly statuses: readonly [number, ...number[]];
  /** The body families (addresses) that answer with the code. */
  readonly families: readonly [ErrorFamily, ...ErrorFamily[]];
  /** One line: what it means and what to fix. */
  readonly summary: string;
  readonly retry: RetryRule;
  /** Where one status of the code calls for other advice (e.g. `x_rejected` 401: reconnect). */
  readonly retryByStatus?: Readonly<Partial<Record<number, RetryRule>>>;
  /** Documented fields beside `code` and `message` in every family that answers it. */
  readonly extraFields: readonly string[];
  /** Where a family documents other fields than `extraFields` (e.g. `import_budget_exhausted`). */
  readonly extraFieldsByFamily?: Readonly<Partial<Record<ErrorFamily, readonly string[]>>>;
  /** Where an address answers in another family's shape (media import's budget 429 is an object). */
  readonly shapeByFamily?: Readonly<Partial<Record<ErrorFamily, ErrorFamily>>>;
  /** Default `next_step` (upload links always; share-link refusals of media import). */
  readonly nextStep?: string;
  /** Default `retry` of the upload-link body; present on every code of the upload_link family. */
  readonly uploadLinkRetry?: UploadLinkRetry;
  /** True when the document gives only a message and the reference server chose the code. */
  readonly decided?: true;
  /**
   * True when only the reference server's admin API (`/admin/v1`, reference-server.md) answers the
   * code; the admin API has no operation in the OpenAPI document, so no operation lists it.
   */
  readonly adminOnly?: true;
}

/** What the per-table files write; the catalog adds `code` from the key. */
export type ErrorCatalogInput = Omit<ErrorCatalogEntry, 'code'>;

export type ErrorCatalogPart = Partial<Record<ErrorCode, ErrorCatalogInput>>;

export const STANDARD: readonly ['standard'] = ['standard'];
export const MEDIA_IMPORT: readonly ['media_import'] = ['media_import'];
export const UPLOAD_LINK: readonly ['upload_link'] = ['upload_link'];
