import * as z from 'zod';

/** Plans in ascending order; the order matters for "Beginner or higher" gates. */
export const PLANS = ['free', 'beginner', 'apprentice', 'skilled', 'expert', 'agency'] as const;

export const PlanSchema = z.enum(PLANS);
export type Plan = z.infer<typeof PlanSchema>;

export function planRank(plan: Plan): number {
  return PLANS.indexOf(plan);
}

/** "Paid plan" in the API document means Beginner or higher. */
export function isPaidPlan(plan: Plan): boolean {
  return planRank(plan) >= planRank('beginner');
}

export function planAtLeast(plan: Plan, minimum: Plan): boolean {
  return planRank(plan) >= planRank(minimum);
}
