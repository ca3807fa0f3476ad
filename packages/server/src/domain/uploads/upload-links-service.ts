import { randomUUID } from 'node:crypto';
import {
  apiError,
  type CancelUploadResponse,
  type CompleteResponse,
  isPaidPlan,
  LIMITS,
  type UploadLink,
} from '@socialpub/core';
import type { ClockScope } from '../../clocks/clock-scope.js';
import type { Repositories } from '../../db/repositories.js';
import type { UploadLinkRecord, UploadLinksRepository } from '../../db/upload-links-repo.js';
import type { DueWorkSource } from '../../due-work.js';
import type { ServerUrls } from '../../server-urls.js';
import type { Caller } from '../api-keys.js';
import type { AccountClockLookup } from '../clocks/account-clocks.js';
import { randomToken, sha256Hex } from '../secrets.js';
import { closesAt, utcDay } from './link-times.js';
import {
  cancelledAnswer,
  completeReadyAnswer,
  completeVerifyingAnswer,
  type UploaderChoice,
  uploadLinkAnswer,
} from './upload-link-answers.js';
import { UploadLinkLifecycle } from './upload-link-lifecycle.js';
import { UploadLinkLimits } from './upload-link-limits.js';
import { refuseEnded } from './upload-link-refusals.js';
import { parseTokenRequest, parseUploadAnnouncement } from './upload-link-request.js';
import type { UploadStorage } from './upload-storage.js';

const { uploadLink } = LIMITS;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface UploadLinksDeps {
  repos: Repositories;
  links: UploadLinksRepository;
  clocks: AccountClockLookup;
  urls: ServerUrls;
  storage: UploadStorage;
}

export interface Answer<T> {
  status: 200 | 201 | 202;
  body: T;
}

/** POST /media/uploads, .../token, .../complete and DELETE: the upload-link rules over the clock. */
export class UploadLinksService implements DueWorkSource {
  readonly name = 'upload-links';
  readonly perClock = true;
  readonly lifecycle: UploadLinkLifecycle;
  readonly limits: UploadLinkLimits;
  /** Real time complete waits for a running check before answering 202 verifying (I/O, not a rule). */
  verifyWaitMs = 5_000;
  readonly #checks = new Map<string, Promise<UploadLinkRecord>>();

  constructor(private readonly deps: UploadLinksDeps) {
    this.lifecycle = new UploadLinkLifecycle(deps);
    this.limits = new UploadLinkLimits(deps.links, () => deps.urls.base);
  }

  /**
   * Test knob: the storage endpoint waits this long (real time) after taking a PATCH's lock, so tests
   * can hold an upload busy or make an uploader run out of time without a multi-gigabyte file.
   */
  storagePatchDelayMs = 0;
  /**
   * Test knob: while set, the storage endpoint waits for it after taking a PATCH's lock, so a test
   * holds an upload busy until it has seen what it waits for, however slow the machine.
   */
  storagePatchGate: Promise<void> | undefined;

  get storage(): UploadStorage {
    return this.deps.storage;
  }

  get links(): UploadLinksRepository {
    return this.deps.links;
  }

  /** GET /media?file_id shows `bytes_uploaded` from the library row; it follows each PATCH. */
  recordProgress(fileId: string): void {
    const link = this.deps.links.get(fileId);
    if (link?.state === 'uploading')
      this.deps.repos.mediaImports.setBytesUploaded(fileId, link.receivedBytes);
  }

  async create(caller: Caller, body: unknown): Promise<Answer<UploadLink>> {
    const { account, apiKey } = caller;
    // Authentication 5: upload links need a paid plan; nothing is reserved for a Free account.
    if (!isPaidPlan(account.plan)) {
      throw apiError('plan_limit_reached', 'Upload links need a paid plan (Beginner or higher).');
    }
    if (!account.uploadsEnabled) {
      throw apiError('upload_links_paused', 'Upload links are switched off for this account.', {
        retry: 'never',
        nextStep: 'Import the file from a public URL instead, or ask support to switch uploads on.',
      });
    }
    const now = this.deps.clocks.forAccount(account.id).now();
    this.limits.takeCall(account.id, now);
    const announced = parseUploadAnnouncement(body);
    const choice: UploaderChoice = announced.request;

    const same = this.deps.links.findOpenSameFile(
      apiKey.id,
      announced.fileName,
      announced.size,
      announced.sha256,
    );
    const open = same ? await this.lifecycle.expireIfDue(same) : null;
    if (open && open.state === 'uploading') {
      if (open.receivedBytes >= open.size) {
        throw apiError('upload_already_received', 'The whole file already arrived: call complete.', {
          extra: { file_id: open.fileId },
        });
      }
      const { link, token } = this.#issueToken(open, false);
      return { status: 200, body: uploadLinkAnswer(link, token, true, this.deps.urls, choice) };
    }

    this.limits.checkOpenUploads(account.id);
    this.limits.checkNewLink(account.id, now);
    this.limits.checkBudget(account.id, account.plan, announced.size, now);

    const fileId = randomUUID();
    await this.deps.storage.create(fileId);
    const at = now.toISOString();
    const draft: UploadLinkRecord = {
      fileId,
      accountId: account.id,
      apiKeyId: apiKey.id,
      fileName: announced.fileName,
      size: announced.size,
      sha256: announced.sha256,
      type: announced.type,
      kind: announced.kind,
      state: 'uploading',
      receivedBytes: 0,
      firstByteAt: null,
      tokensIssued: 0,
      newestTokenExpiresAt: at,
      createdAt: at,
      expiresAt: new Date(now.getTime() + uploadLink.linkLifetimeSeconds * 1000).toISOString(),
      closesAt: null,
      verifyStartedAt: null,
      verifiedSha256: null,
      endReason: null,
      endedAt: null,
      budgetDay: utcDay(now),
    };
    const issued = this.#insertLink(draft);
    this.limits.recordNewLink(account.id, now);
    return { status: 201, body: uploadLinkAnswer(issued.link, issued.token, false, this.deps.urls, choice) };
  }

  /** The link, its library row (private until ready) and its first token, all or nothing. */
  #insertLink(draft: UploadLinkRecord): { link: UploadLinkRecord; token: string } {
    const { repos, links } = this.deps;
    return links.transaction(() => {
      links.insert(draft);
      repos.mediaFiles.insert({
        fileId: draft.fileId,
        accountId: draft.accountId,
        fileName: draft.fileName,
        type: draft.type,
        kind: draft.kind,
        size: draft.size,
        status: 'uploading',
        source: 'upload_link',
        uploadedAt: draft.createdAt,
        expiresAt: null,
        confirmBeforePosting: false,
        error: null,
        sha256: draft.sha256,
        storagePath: null,
      });
      repos.mediaImports.setBytesUploaded(draft.fileId, 0);
      return this.#issueToken(draft, false);
    });
  }

  /** A fresh token (random, stored hashed, about 2 hours, this file only). */
  #issueToken(link: UploadLinkRecord, countsAsRenewal: boolean): { link: UploadLinkRecord; token: string } {
    const now = this.deps.clocks.forAccount(link.accountId).now();
    const token = `sput_${randomToken(32)}`;
    const expires = new Date(now.getTime() + uploadLink.tokenLifetimeSeconds * 1000).toISOString();
    const fresh = this.deps.links.get(link.fileId) ?? link;
    const next: UploadLinkRecord = {
      ...fresh,
      newestTokenExpiresAt: expires,
      tokensIssued: fresh.tokensIssued + (countsAsRenewal ? 1 : 0),
    };
    next.closesAt = closesAt(next);
    this.deps.links.addToken(link.fileId, sha256Hex(token), now.toISOString(), expires);
    this.deps.links.save(next);
    return { link: next, token };
  }

  async renewToken(caller: Caller, rawFileId: string, body: unknown): Promise<UploadLink> {
    const now = this.deps.clocks.forAccount(caller.account.id).now();
    this.limits.takeCall(caller.account.id, now);
    const fileId = this.#fileId(rawFileId);
    const found = this.deps.links.get(fileId);
    // Only the API key that made the link; another key's link reads like none at all.
    if (!found || found.apiKeyId !== caller.apiKey.id) {
      throw apiError('media_not_found', 'No upload link with this file_id was made by this API key.', {
        extra: { file_id: fileId },
      });
    }
    const choice = parseTokenRequest(body);
    const link = await this.lifecycle.expireIfDue(found);
    if (link.state !== 'uploading') throw refuseEnded(link, 'token', this.#leftLibrary(link));
    if (link.receivedBytes >= link.size) {
      throw apiError('upload_already_received', 'The whole file already arrived: call complete.', {
        extra: { file_id: link.fileId },
      });
    }
    const ageSeconds = (now.getTime() - Date.parse(link.createdAt)) / 1000;
    if (link.tokensIssued >= uploadLink.maxTokensPerLink || ageSeconds >= uploadLink.tokensWithinSeconds) {
      throw apiError(
        'renewals_exhausted',
        `This link has used its ${uploadLink.maxTokensPerLink} fresh tokens or is older than 24 hours.`,
      );
    }
    const { link: renewed, token } = this.#issueToken(link, true);
    return uploadLinkAnswer(renewed, token, false, this.deps.urls, choice);
  }

  async complete(caller: Caller, rawFileId: string): Promise<Answer<CompleteResponse>> {
    this.limits.takeCall(caller.account.id, this.deps.clocks.forAccount(caller.account.id).now());
    let link = await this.#accountLink(caller, rawFileId);
    if (link.state === 'uploading') {
      const onDisk = await this.deps.storage.sizeOnDisk(link.fileId);
      if (
        link.receivedBytes < link.size ||
        this.deps.storage.isLocked(link.fileId) ||
        (onDisk ?? 0) < link.size
      ) {
        if (onDisk !== null && onDisk < link.receivedBytes) {
          // Storage lost bytes: the stored offset follows what is really there, so HEAD shows it.
          this.deps.storage.forget(link.fileId);
          this.deps.links.setReceived(
            link.fileId,
            onDisk,
            null,
            closesAt({ ...link, receivedBytes: onDisk }),
          );
        }
        throw apiError(
          'upload_incomplete',
          `Storage holds ${Math.min(link.receivedBytes, onDisk ?? 0)} of ${link.size} bytes.`,
        );
      }
      const digest = this.deps.storage.digestIfReady(link.fileId, link.size);
      if (digest !== null) link = await this.lifecycle.settleCheck(link, digest);
      else link = await this.#startVerifying(link);
    }
    if (link.state === 'verifying') link = await this.#awaitCheck(link);
    if (link.state === 'ready' && !this.#leftLibrary(link))
      return { status: 200, body: completeReadyAnswer(link) };
    if (link.state === 'verifying') return { status: 202, body: completeVerifyingAnswer(link) };
    throw refuseEnded(link, 'complete', this.#leftLibrary(link));
  }

  /** The check must read the whole file again (after a restart): it runs on in the background. */
  async #startVerifying(link: UploadLinkRecord): Promise<UploadLinkRecord> {
    const now = this.deps.clocks.forAccount(link.accountId).now().toISOString();
    const verifying: UploadLinkRecord = { ...link, state: 'verifying', verifyStartedAt: now };
    verifying.closesAt = closesAt(verifying);
    this.deps.links.save(verifying);
    return verifying;
  }

  #runCheck(link: UploadLinkRecord): Promise<UploadLinkRecord> {
    const running = this.#checks.get(link.fileId);
    if (running) return running;
    const work = (async () => {
      const live = await this.deps.storage.hashAt(link.fileId, link.size);
      const digest = live.hash.copy().digest('hex');
      const current = this.deps.links.get(link.fileId);
      if (current?.state !== 'verifying') return current ?? link;
      return this.lifecycle.settleCheck(current, digest);
    })().finally(() => this.#checks.delete(link.fileId));
    // The check finishes on its own; a failure leaves the link verifying until its 24-hour limit.
    work.catch((error) => console.error(`[socialpub] upload check ${link.fileId} failed:`, error));
    this.#checks.set(link.fileId, work);
    return work;
  }

  async #awaitCheck(link: UploadLinkRecord): Promise<UploadLinkRecord> {
    const work = this.#runCheck(link);
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), this.verifyWaitMs);
    });
    try {
      const done = await Promise.race([work.catch(() => null), waited]);
      return done ?? this.deps.links.get(link.fileId) ?? link;
    } finally {
      clearTimeout(timer);
    }
  }

  async cancel(caller: Caller, rawFileId: string): Promise<CancelUploadResponse> {
    this.limits.takeCall(caller.account.id, this.deps.clocks.forAccount(caller.account.id).now());
    const link = await this.#accountLink(caller, rawFileId);
    if (link.state !== 'uploading') throw refuseEnded(link, 'cancel', this.#leftLibrary(link));
    const cancelled = await this.lifecycle.end(link, 'cancelled', 'cancelled');
    return cancelledAnswer(cancelled);
  }

  #fileId(raw: string): string {
    if (!UUID.test(raw)) throw apiError('invalid_request', 'file_id in the path must be a UUID.');
    return raw.toLowerCase();
  }

  async #accountLink(caller: Caller, raw: string): Promise<UploadLinkRecord> {
    const fileId = this.#fileId(raw);
    const link = this.deps.links.get(fileId);
    if (!link || link.accountId !== caller.account.id) {
      throw apiError('media_not_found', 'No upload with this file_id on the account.', {
        extra: { file_id: fileId },
      });
    }
    return this.lifecycle.expireIfDue(link);
  }

  /** A ready file that is no longer kept (7 days, or deleted) left the library. */
  #leftLibrary(link: UploadLinkRecord): boolean {
    if (link.state !== 'ready') return false;
    const file = this.deps.repos.mediaFiles.getForAccount(link.accountId, link.fileId);
    if (file?.status !== 'ready') return true;
    return (
      file.expiresAt !== null &&
      Date.parse(file.expiresAt) <= this.deps.clocks.forAccount(link.accountId).now().getTime()
    );
  }

  /** Waits for checks still running (close: the database must outlive them). */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.#checks.values()]);
  }

  nextDueAt(scope: ClockScope): Date | null {
    const next = this.deps.links.nextClosing(scope);
    return next ? new Date(next.closesAt) : null;
  }

  async runNext(_now: Date, scope: ClockScope): Promise<void> {
    const next = this.deps.links.nextClosing(scope);
    if (!next) return;
    const link = this.deps.links.get(next.fileId);
    if (link) await this.lifecycle.expireIfDue(link);
  }
}
