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

/** Billing months found, by the account's creation time (ISO): every X post's check asks. */
const months = new Map<string, { start: Date; end: Date }>();
const MONTHS_KEPT = 10_000;

/** `billingMonth` of an account created at `createdAt` (ISO), found again while `now` is inside it. */
export function billingMonthOf(createdAt: string, now: Date): { start: Date; end: Date } {
  const found = months.get(createdAt);
  const at = now.getTime();
  if (found !== undefined && found.start.getTime() <= at && at < found.end.getTime()) return found;
  const month = billingMonth(new Date(createdAt), now);
  if (months.size >= MONTHS_KEPT) months.clear();
  months.set(createdAt, month);
  return month;
}
