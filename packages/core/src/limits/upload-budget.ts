import type { Plan } from '../plans.js';
import { gigabytes } from './byte-units.js';

/**
 * Limits, Upload links: the daily budget per account and UTC day, shared by all upload links and the
 * URL imports of connected AI apps. Upload links need a paid plan, so Free has none (null).
 */
export const UPLOAD_DAILY_BUDGET_BYTES: Readonly<Record<Plan, number | null>> = {
  free: null,
  beginner: gigabytes(2),
  apprentice: gigabytes(10),
  skilled: gigabytes(25),
  expert: gigabytes(100),
  agency: gigabytes(100),
};

export function uploadDailyBudgetBytes(plan: Plan): number | null {
  return UPLOAD_DAILY_BUDGET_BYTES[plan];
}
