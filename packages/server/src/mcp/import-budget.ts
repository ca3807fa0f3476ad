import type { AccountRecord } from '../db/accounts-repo.js';
import { utcDay } from '../domain/uploads/link-times.js';
import type { Services } from '../services.js';

/**
 * Limits, Upload links: the daily budget is "shared by all upload links and the URL imports of
 * connected AI apps". The announced size is checked against the budget by the upload-link area's
 * own check (same figures, same 429 import_budget_exhausted) before anything is downloaded.
 */
export function admitToUploadBudget(
  services: Services,
  account: AccountRecord,
  announcedSize: number | null,
): void {
  services.uploadLinks.limits.checkBudget(
    account.id,
    account.plan,
    announcedSize ?? 0,
    services.clocks.forAccount(account.id).now(),
  );
}

/** The imported file's bytes count in the day's budget once the import has started. */
export function countImportedBytes(
  services: Services,
  account: AccountRecord,
  answer: { size?: unknown },
): void {
  const size = typeof answer.size === 'number' ? answer.size : 0;
  services.repos.uploadLinks.addUsedBytes(
    account.id,
    utcDay(services.clocks.forAccount(account.id).now()),
    size,
  );
}
