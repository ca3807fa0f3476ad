import { PLATFORMS, type Platform } from '@socialpub/core';
import type { Repositories } from '../../db/repositories.js';
import { dayKey, startOfDay, wallTime } from '../time-zone.js';
import { useTimeZone } from './time.js';

const WEEKDAYS = [
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
  ['Sun', 'Sunday'],
] as const;

/** `YYYY-MM` of a month; the calendar's query parameter. */
export const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;
/** `YYYY-MM-DD` of a day; the Scheduled page's `day` parameter (the calendar's day links). */
export const DAY_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** The month (`YYYY-MM`) the instant falls in, in the zone. */
export function monthKey(date: Date, zone: string): string {
  return dayKey(date, zone).slice(0, 7);
}

/** The month `by` away, or null past the four-digit years (no clock reaches them). */
function shiftMonth(year: number, month: number, by: number): string | null {
  const key = new Date(Date.UTC(year, month - 1 + by, 1)).toISOString().slice(0, 7);
  return MONTH_PATTERN.test(key) ? key : null;
}

/** Waiting scheduled posts per day of the month in the zone, per network (the repository's own due-time query). */
function dueByDay(
  repos: Repositories,
  accountId: string,
  range: { start: Date; end: Date; zone: string },
): Map<number, Map<Platform, number>> {
  const days = new Map<number, Map<Platform, number>>();
  for (const platform of PLATFORMS) {
    for (const at of repos.scheduledPosts.waitingDueTimes(accountId, platform, range.start, range.end)) {
      const day = wallTime(at, range.zone).day;
      const counts = days.get(day) ?? new Map<Platform, number>();
      counts.set(platform, (counts.get(platform) ?? 0) + 1);
      days.set(day, counts);
    }
  }
  return days;
}

/**
 * A month of what is due (days in the person's zone), Monday first, with links to the months before and after; today (on
 * the account's clock) is marked, and a day with posts links to that day's list.
 */
export function MonthCalendar(props: { repos: Repositories; accountId: string; month: string; today: Date }) {
  const match = MONTH_PATTERN.exec(props.month);
  const year = Number(match?.[1]);
  const month = Number(match?.[2]);
  const zone = useTimeZone();
  const first = new Date(Date.UTC(year, month - 1, 1));
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const following = shiftMonth(year, month, 1);
  const start = startOfDay(`${props.month}-01`, zone);
  // The last month has no following one: the end of year 9999 closes it.
  const after = following ? startOfDay(`${following}-01`, zone).getTime() : Date.UTC(10000, 0, 1);
  const end = new Date(after - 1);
  const due = dueByDay(props.repos, props.accountId, { start, end, zone });
  const lead = (first.getUTCDay() + 6) % 7;
  const cells: (number | null)[] = [...Array<null>(lead).fill(null)];
  for (let day = 1; day <= daysInMonth; day++) cells.push(day);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (number | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  const title = first.toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const today = dayKey(props.today, zone);
  return (
    <section aria-labelledby="calendar-heading">
      <h2 id="calendar-heading">Calendar: {title}</h2>
      <p class="actions">
        {[
          [shiftMonth(year, month, -1), 'Previous month'],
          [shiftMonth(year, month, 1), 'Next month'],
        ].map(([key, label]) => (key ? <a href={`/dashboard/scheduled?month=${key}`}>{label}</a> : null))}
      </p>
      <section class="table-wrap" aria-label={`Calendar of ${title}`} tabindex={0}>
        <table class="calendar">
          <caption class="muted">Waiting scheduled posts per day ({zone}), by network</caption>
          <thead>
            <tr>
              {WEEKDAYS.map(([short, long]) => (
                <th scope="col">
                  <abbr title={long}>{short}</abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr>
                {week.map((day) => {
                  if (day === null) return <td />;
                  const counts = due.get(day);
                  const date = `${props.month}-${String(day).padStart(2, '0')}`;
                  const isToday = date === today;
                  return (
                    <td class={isToday ? 'today' : undefined} aria-current={isToday ? 'date' : undefined}>
                      {counts ? (
                        <a href={`/dashboard/scheduled?day=${date}`} aria-label={`Posts due on ${date}`}>
                          <span class="day-number">{day}</span>
                        </a>
                      ) : (
                        <span class="day-number">{day}</span>
                      )}
                      {isToday ? <span class="muted"> today</span> : null}
                      {counts
                        ? [...counts].map(([platform, count]) => (
                            <div>
                              {count} × {platform}
                            </div>
                          ))
                        : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </section>
  );
}
