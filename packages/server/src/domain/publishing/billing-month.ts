/**
 * The account's billing month (X add-on: "200 per billing month"). Decision: it runs from the day
 * of the month the account was created; in a shorter month its last day stands in.
 */
export function billingMonth(createdAt: Date, now: Date): { start: Date; end: Date } {
  const day = createdAt.getUTCDate();
  const anchor = (year: number, month: number): Date => {
    const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
    return new Date(Date.UTC(year, month, Math.min(day, last)));
  };
  let start = anchor(now.getUTCFullYear(), now.getUTCMonth());
  if (start.getTime() > now.getTime()) start = anchor(now.getUTCFullYear(), now.getUTCMonth() - 1);
  return { start, end: anchor(start.getUTCFullYear(), start.getUTCMonth() + 1) };
}

/**
 * Billing months found, by the account's record: every X post's check asks. The request path's
 * records are the accounts row cache's, one object per account while it is kept, so the month goes
 * with the record (a write makes a new record) and needs no bound of its own.
 */
const months = new WeakMap<{ createdAt: string }, { start: Date; end: Date }>();

/** `billingMonth` of the account (`createdAt` as ISO), found again while `now` is inside it. */
export function billingMonthOf(account: { createdAt: string }, now: Date): { start: Date; end: Date } {
  const found = months.get(account);
  const at = now.getTime();
  if (found !== undefined && found.start.getTime() <= at && at < found.end.getTime()) return found;
  const month = billingMonth(new Date(account.createdAt), now);
  months.set(account, month);
  return month;
}
