import {
  allowanceFor,
  PLANS,
  PLATFORMS,
  type Plan,
  passesPlanGate,
  uploadDailyBudgetBytes,
} from '@socialpub/core';
import { formatBytes } from './format.js';

/** The post allowance of a plan in words, read from core's rule for this account now. */
function allowanceText(plan: Plan, now: Date, accountCreatedAt: Date): string {
  const allowance = allowanceFor(plan, now, accountCreatedAt);
  if (allowance.kind === 'none') return 'No limit';
  if (allowance.kind === 'monthly') return `${allowance.limit} posts a month (UTC)`;
  return `${allowance.limit} posts a day per profile (UTC)`;
}

/**
 * Every plan side by side, from core's rules (allowance, upload budget, networks it opens), so the
 * person sees what a change would give before saving it.
 */
export function PlanComparison(props: { current: Plan; now: Date; accountCreatedAt: Date }) {
  return (
    <section aria-labelledby="compare-heading">
      <h2 id="compare-heading">Compare the plans</h2>
      <section class="table-wrap" aria-label="Plans compared" tabindex={0}>
        <table class="stack">
          <thead>
            <tr>
              <th scope="col">Plan</th>
              <th scope="col">Post allowance</th>
              <th scope="col">Upload budget a day</th>
              <th scope="col">Networks</th>
            </tr>
          </thead>
          <tbody>
            {PLANS.map((plan) => {
              const budget = uploadDailyBudgetBytes(plan);
              const closed = PLATFORMS.filter((p) => p !== 'x' && !passesPlanGate(p, plan, true));
              return (
                <tr aria-current={plan === props.current ? 'true' : undefined}>
                  <th scope="row" data-label="Plan">
                    {plan}
                    {plan === props.current ? ' (yours)' : ''}
                  </th>
                  <td data-label="Post allowance">
                    {allowanceText(plan, props.now, props.accountCreatedAt)}
                  </td>
                  <td data-label="Upload budget a day">
                    {budget === null ? 'No upload links' : formatBytes(budget)}
                  </td>
                  <td data-label="Networks">
                    {closed.length === 0 ? 'All nine' : `All but ${closed.join(', ')}`}; X with the add-on
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
    </section>
  );
}
