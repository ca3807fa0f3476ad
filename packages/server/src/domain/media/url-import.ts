import { randomUUID } from 'node:crypto';
import {
  type AcceptedMime,
  apiError,
  isPaidPlan,
  LIMITS,
  type MediaImportResponse,
  mediaKindOfMime,
} from '@socialpub/core';
import type { Clock } from '../../clocks/virtual-clock.js';
import type { AccountRecord } from '../../db/accounts-repo.js';
import type { Repositories } from '../../db/repositories.js';
import type { MediaFolder } from '../../files/media-folder.js';
import type { AccountClockLookup } from '../clocks/account-clocks.js';
import { upgradeUrl } from '../publishing/publishing-urls.js';
import type { ImportAllowList } from './address-policy.js';
import { DownloadFailure, type DownloadResult, downloadToFolder } from './download.js';
import { ImportThrottle } from './import-throttle.js';
import { parseHttpUrl, SourceFetchError, UnsafeAddressError } from './safe-fetch.js';
import {
  notAFile,
  PROVIDER_ORIGINS,
  providerRefusal,
  resolveShareLink,
  type ShareLinkOrigins,
} from './share-links.js';
import { checkSource, type SourceFacts, SourceStatusError, UNRECOGNISED } from './source-checks.js';

/** Timing of an import; tests shorten them (no real 8- or 22-second waits in a test). */
export interface MediaImportSettings {
  /** Each of the two checks, and the download's silence between two pieces (Limits, Media: 8 s). */
  checkTimeoutMs: number;
  /** How long POST /media waits for the download before answering 202 (about 22 s). */
  requestWaitMs: number;
  shareLinkOrigins: ShareLinkOrigins;
}

export const DEFAULT_MEDIA_IMPORT_SETTINGS: MediaImportSettings = {
  checkTimeoutMs: LIMITS.mediaImport.checkRequestTimeoutSeconds * 1000,
  requestWaitMs: LIMITS.mediaImport.requestWaitSeconds * 1000,
  shareLinkOrigins: PROVIDER_ORIGINS,
};

export interface MediaImportDeps {
  repos: Repositories;
  clocks: AccountClockLookup;
  folder: MediaFolder;
  allow: ImportAllowList;
  settings: MediaImportSettings;
  baseUrl(): string;
}

export interface MediaImportAnswer {
  status: 200 | 202;
  body: MediaImportResponse;
}

interface Running {
  controller: AbortController;
  done: Promise<void>;
}

type Source = { url: URL; provider: ReturnType<typeof resolveShareLink> };

export interface ImportOptions {
  /**
   * Called once the source is checked, before anything is downloaded, with the size its host
   * announced (null when unknown); throwing refuses the import with nothing imported. The AI-app
   * connector counts its imports toward the day's upload budget here (import_budget_exhausted).
   */
  admit?: (announcedSize: number | null) => void;
}

export class UrlImporter {
  readonly #running = new Map<string, Running>();
  readonly #throttle: ImportThrottle;

  constructor(private readonly deps: MediaImportDeps) {
    this.#throttle = new ImportThrottle(deps.repos);
  }

  /** POST /api/v2/media (and the older media address): checks, then the download. */
  async importFromUrl(
    account: AccountRecord,
    body: Record<string, unknown>,
    options: ImportOptions = {},
  ): Promise<MediaImportAnswer> {
    const source = this.#source(account, body['url']);
    const undo = this.#throttle.reserve(account.id, this.deps.clocks.forAccount(account.id).now());
    let kept = false;
    try {
      const facts = await this.#check(source);
      options.admit?.(facts.size);
      const answer = await this.#start(account, source.url, facts);
      kept = true;
      return answer;
    } catch (error) {
      if (error instanceof KeptFailure) kept = true;
      throw error instanceof KeptFailure ? error.cause : error;
    } finally {
      if (!kept) undo();
    }
  }

  /** Resolves when the file's background download has ended (tests, shutdown). */
  async settled(fileId: string): Promise<void> {
    await this.#running.get(fileId)?.done;
  }

  abort(fileId: string): void {
    this.#running.get(fileId)?.controller.abort();
  }

  async close(): Promise<void> {
    const all = [...this.#running.values()];
    for (const run of all) run.controller.abort();
    await Promise.allSettled(all.map((run) => run.done));
  }

  #source(account: AccountRecord, raw: unknown): Source {
    const url = typeof raw === 'string' ? parseHttpUrl(raw.trim()) : null;
    if (!url) {
      throw apiError(
        'invalid_url',
        '`url` is missing or not an http or https address; send the public URL of the file.',
      );
    }
    const share = resolveShareLink(url, this.deps.settings.shareLinkOrigins);
    if (share.kind === 'direct' || !share.needsConversion) {
      return { url: share.kind === 'direct' ? url : new URL(share.downloadUrl), provider: share };
    }
    const extra = { provider: share.provider };
    if (!account.shareLinks) {
      throw apiError('share_links_paused', 'Share links are switched off for now.', { extra });
    }
    if (!isPaidPlan(account.plan)) {
      throw apiError(
        'plan_limit_reached',
        'Share links that need converting need a paid plan (Beginner or higher).',
        {
          extra: { ...extra, upgrade_url: upgradeUrl(this.deps.baseUrl()) },
          nextStep: 'Upgrade to a paid plan, or send a direct link to the file.',
        },
      );
    }
    return { url: new URL(share.downloadUrl), provider: share };
  }

  async #check(source: Source): Promise<SourceFacts> {
    const { settings, allow } = this.deps;
    const provider = source.provider.kind === 'share_link' ? source.provider.provider : null;
    let facts: SourceFacts;
    try {
      facts = await checkSource(source.url, { allow, timeoutMs: settings.checkTimeoutMs });
    } catch (error) {
      if (error instanceof UnsafeAddressError) {
        if (error.viaRedirect) throw apiError('download_failed', error.message);
        throw apiError('invalid_url', `${error.message} Send a public http or https URL.`);
      }
      if (provider && error instanceof SourceStatusError) {
        const refusal = providerRefusal(provider, error.status);
        if (refusal) throw refusal;
      }
      if (error instanceof SourceFetchError) {
        throw apiError('download_failed', `The source could not be checked: ${error.message}`);
      }
      throw error;
    }
    if (!facts.mime) {
      if (provider) throw notAFile(provider, facts.dispositionName);
      throw apiError(
        'unsupported_type',
        `The URL is ${describe(facts)}, not a JPEG, PNG, WebP, MP4, MOV or WebM file; nothing was imported.`,
      );
    }
    const max =
      mediaKindOfMime(facts.mime) === 'video'
        ? LIMITS.mediaImport.maxVideoBytes
        : LIMITS.mediaImport.maxImageBytes;
    if (facts.size !== null && facts.size > max) {
      throw apiError(
        'file_too_large',
        `The file has ${facts.size} bytes; the limit for this type is ${max} bytes.`,
        {
          extra: { size: facts.size },
        },
      );
    }
    return facts;
  }

  async #start(account: AccountRecord, url: URL, facts: SourceFacts): Promise<MediaImportAnswer> {
    const { repos, settings } = this.deps;
    const clock = this.deps.clocks.forAccount(account.id);
    const mime = facts.mime as AcceptedMime;
    const kind = mediaKindOfMime(mime) ?? 'image';
    const now = clock.now();
    const fileId = randomUUID();
    repos.mediaFiles.insert({
      fileId,
      accountId: account.id,
      fileName: facts.fileName,
      type: mime,
      kind,
      size: facts.size ?? 0,
      status: 'processing',
      source: 'url_import',
      uploadedAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + LIMITS.retention.librarySeconds * 1000).toISOString(),
      confirmBeforePosting: false,
      error: null,
      sha256: null,
      storagePath: null,
    });
    repos.mediaImports.setImportFields(fileId, url.toString(), 0);

    let received = 0;
    let written = 0;
    const step = Math.max(64 * 1024, Math.floor((facts.size ?? 0) / 100));
    const controller = new AbortController();
    const download = downloadToFolder({
      fileId,
      url: facts.url,
      mime,
      expectedSize: facts.size,
      maxBytes: kind === 'video' ? LIMITS.mediaImport.maxVideoBytes : LIMITS.mediaImport.maxImageBytes,
      allow: this.deps.allow,
      idleTimeoutMs: settings.checkTimeoutMs,
      folder: this.deps.folder,
      signal: controller.signal,
      onProgress: (bytes) => {
        received = bytes;
        if (bytes - written >= step) {
          written = bytes;
          repos.mediaImports.setBytesUploaded(fileId, bytes);
        }
      },
    });
    let answered = false;
    const done = download.then(
      (result) => this.#finish(fileId, mime, result),
      (error: unknown) => {
        if (answered) this.#fail(fileId, error);
      },
    );
    const running = { controller, done: done.finally(() => this.#running.delete(fileId)) };
    this.#running.set(fileId, running);

    // The request's wait is real time: it bounds how long the caller's HTTP request stays open.
    const outcome = await waitAtMost(download, settings.requestWaitMs);
    answered = true;
    if (outcome.kind === 'done') {
      return {
        status: 200,
        body: { success: true, file_id: fileId, size: outcome.value.size, type: mime, status: 'ready' },
      };
    }
    if (outcome.kind === 'failed') throw this.#failedWhileWaiting(fileId, outcome.error, facts);
    return {
      status: 202,
      body: {
        success: true,
        file_id: fileId,
        status: 'processing',
        message: `The import continues in the background; poll GET /api/v2/media?file_id=${fileId} every 10 to 30 seconds.`,
        size: facts.size ?? received,
        type: mime,
      },
    };
  }

  #finish(fileId: string, mime: AcceptedMime, result: DownloadResult): void {
    const { repos } = this.deps;
    const file = repos.mediaImports.get(fileId);
    if (!file) return;
    const at = this.#clockOf(file.accountId).now().toISOString();
    repos.mediaImports.markReady(fileId, { ...result, type: mime, at });
  }

  /** The account's clock; the server's for a file already gone. */
  #clockOf(accountId: string | undefined): Clock {
    return accountId === undefined ? this.deps.clocks.forAccount('') : this.deps.clocks.forAccount(accountId);
  }

  #fail(fileId: string, error: unknown): void {
    const message = error instanceof Error ? error.message : 'The import failed.';
    const accountId = this.deps.repos.mediaImports.get(fileId)?.accountId;
    this.deps.repos.mediaImports.markFailed(fileId, message, this.#clockOf(accountId).now().toISOString());
  }

  /** A download that failed before the answer: storage refusals keep a failed file, the rest nothing. */
  #failedWhileWaiting(fileId: string, error: unknown, facts: SourceFacts): Error {
    const failure =
      error instanceof DownloadFailure ? error : new DownloadFailure('broke_off', 'The import failed.');
    if (failure.kind === 'too_large') {
      this.#fail(fileId, failure);
      return new KeptFailure(
        apiError('file_too_large', failure.message, {
          extra: { file_id: fileId, status: 'failed', size: facts.size },
        }),
      );
    }
    this.deps.repos.mediaImports.delete(fileId);
    if (failure.kind === 'wrong_type')
      return apiError('unsupported_type', `${failure.message} Nothing was imported.`);
    if (failure.kind === 'unavailable') return apiError('download_failed', failure.message);
    // The server's disk, not the source: 500 import_failed, with the cause in the message.
    if (failure.kind === 'storage') return apiError('import_failed', failure.message);
    return apiError('import_failed', `${failure.message} Nothing was imported.`);
  }
}

/** A refusal after which a failed file stays in the library (the wait is not given back). */
class KeptFailure extends Error {
  constructor(override readonly cause: Error) {
    super(cause.message);
  }
}

function describe(facts: SourceFacts): string {
  if (facts.isWebPage) return 'a web page';
  if (facts.refusedAs === null) return 'of an unknown type';
  if (facts.refusedAs === UNRECOGNISED) return 'a file with unrecognised first bytes';
  return facts.refusedAs.includes('/') ? `of type ${facts.refusedAs}` : `a ${facts.refusedAs} file`;
}

type Waited<T> = { kind: 'done'; value: T } | { kind: 'failed'; error: unknown } | { kind: 'waiting' };

function waitAtMost<T>(work: Promise<T>, ms: number): Promise<Waited<T>> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Waited<T>>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'waiting' }), ms);
  });
  const settled = work.then(
    (value): Waited<T> => ({ kind: 'done', value }),
    (error: unknown): Waited<T> => ({ kind: 'failed', error }),
  );
  return Promise.race([settled, late]).finally(() => clearTimeout(timer));
}
