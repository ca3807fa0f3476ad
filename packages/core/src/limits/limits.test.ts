import { describe, expect, it } from 'vitest';
import type { Plan } from '../plans.js';
import { LIMITS } from './limits.js';
import { uploadDailyBudgetBytes } from './upload-budget.js';

describe('LIMITS', () => {
  it.each<[string, number, number]>([
    ['post spacing per network', LIMITS.throttle.postSpacingSecondsPerNetwork, 20],
    ['import spacing', LIMITS.throttle.importSpacingSeconds, 20],
    ['skool per hour', LIMITS.skool.postsPerHour, 1],
    ['skool per day', LIMITS.skool.postsPerUtcDay, 10],
    ['X add-on per billing month', LIMITS.xAddon.postsPerBillingMonth, 200],
    ['X add-on with links', LIMITS.xAddon.postsWithLinksPerBillingMonth, 20],
    ['scheduling minimum ahead', LIMITS.scheduling.minSecondsAhead, 60],
    ['scheduling days ahead', LIMITS.scheduling.maxDaysAhead, 365],
    ['waiting posts', LIMITS.scheduling.maxWaitingPostsPerAccount, 500],
    ['reads per minute', LIMITS.reads.perUtcMinute, 60],
    ['options reads per minute', LIMITS.reads.optionsPerMinute, 10],
    ['options rows reused', LIMITS.reads.optionsRowReuseSeconds, 90],
    ['idempotency key longest', LIMITS.idempotency.keyMaxLength, 255],
    ['idempotency remembered', LIMITS.idempotency.rememberedSeconds, 86_400],
    ['idempotency in progress', LIMITS.idempotency.inProgressSeconds, 600],
    ['default page', LIMITS.pages.defaultLimit, 20],
    ['largest page', LIMITS.pages.maxLimit, 100],
    ['library files per request', LIMITS.pages.libraryFilesReadPerRequest, 500],
    ['profiles listed', LIMITS.accounts.maxProfilesListed, 100],
    ['error_message', LIMITS.errorMessageMaxLength, 1_000],
    ['import image', LIMITS.mediaImport.maxImageBytes, 20_971_520],
    ['import video', LIMITS.mediaImport.maxVideoBytes, 5_368_709_120],
    ['import check timeout', LIMITS.mediaImport.checkRequestTimeoutSeconds, 8],
    ['import wait', LIMITS.mediaImport.requestWaitSeconds, 22],
    ['mediaID wait', LIMITS.mediaIdWait.currentSeconds, 12],
    ['legacy mediaID wait', LIMITS.mediaIdWait.legacySeconds, 90],
    ['chunk size', LIMITS.uploadLink.chunkSizeBytes, 6_291_456],
    ['upload image', LIMITS.uploadLink.maxImageBytes, 20_971_520],
    ['upload video', LIMITS.uploadLink.maxVideoBytes, 5_368_709_120],
    ['token lifetime', LIMITS.uploadLink.tokenLifetimeSeconds, 7_200],
    ['tokens per link', LIMITS.uploadLink.maxTokensPerLink, 12],
    ['link lifetime', LIMITS.uploadLink.linkLifetimeSeconds, 86_400],
    ['resume after token expiry', LIMITS.uploadLink.resumeAfterNewestTokenExpirySeconds, 7_200],
    ['unused link closes', LIMITS.uploadLink.unusedLinkClosesAfterSeconds, 14_400],
    ['open uploads', LIMITS.uploadLink.maxOpenUploadsPerAccount, 10],
    ['new links per 10 minutes', LIMITS.uploadLink.newLinksPerTenMinutes, 20],
    ['new links per day', LIMITS.uploadLink.newLinksPerUtcDay, 100],
    ['upload-link calls per minute', LIMITS.uploadLink.callsPerMinute, 60],
    ['verification Retry-After', LIMITS.uploadLink.verificationRetryAfterSeconds, 15],
    ['max_run_seconds minimum', LIMITS.uploader.maxRunSeconds.min, 30],
    ['max_run_seconds maximum', LIMITS.uploader.maxRunSeconds.max, 7_000],
    ['max_run_seconds default', LIMITS.uploader.maxRunSeconds.default, 100],
    ['retention', LIMITS.retention.librarySeconds, 604_800],
    ['figures every', LIMITS.figures.pollEverySeconds, 21_600],
    ['figures for', LIMITS.figures.collectForSeconds, 604_800],
    ['publish answer', LIMITS.publishing.answerWithinSeconds, 25],
  ])('holds the %s limit as %s', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('uses the same byte limits for URL imports and upload links', () => {
    expect(LIMITS.mediaImport.maxImageBytes).toBe(LIMITS.uploadLink.maxImageBytes);
    expect(LIMITS.mediaImport.maxVideoBytes).toBe(LIMITS.uploadLink.maxVideoBytes);
  });
});

describe('uploadDailyBudgetBytes', () => {
  it.each<[Plan, number | null]>([
    ['free', null],
    ['beginner', 2 * 2 ** 30],
    ['apprentice', 10 * 2 ** 30],
    ['skilled', 25 * 2 ** 30],
    ['expert', 100 * 2 ** 30],
    ['agency', 100 * 2 ** 30],
  ])('gives %s a daily upload budget of %s bytes', (plan, bytes) => {
    expect(uploadDailyBudgetBytes(plan)).toBe(bytes);
  });
});
