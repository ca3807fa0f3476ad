import { LIMITS, PLATFORMS, type Platform } from '@socialpub/core';
import * as z from 'zod';
import type { FieldErrors } from '../components/form-fields.js';
import { dayKey, nextDay } from '../time-zone.js';
import { ANALYTICS_FIGURES, type AnalyticsFigure, type AnalyticsGrouping } from './analytics-data.js';

/** The periods offered as links and in the form, in days ending today. */
export const PERIOD_DAYS = ['7', '30', '90'] as const;

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

/** Analytics' address query: every field optional, blanks as absent, each wrong one named. */
const AnalyticsQuerySchema = z.object({
  days: optional(z.enum(PERIOD_DAYS, { error: 'Choose 7, 30 or 90 days, or give both dates.' })),
  from: optional(z.string().regex(DAY, 'Give a day as YYYY-MM-DD.')),
  to: optional(z.string().regex(DAY, 'Give a day as YYYY-MM-DD.')),
  network: optional(z.enum(PLATFORMS, { error: `Choose one of: ${PLATFORMS.join(', ')}.` })),
  profile_id: optional(z.string().max(64)),
  figure: optional(z.enum(ANALYTICS_FIGURES, { error: `Choose one of: ${ANALYTICS_FIGURES.join(', ')}.` })),
  by: optional(z.enum(['network', 'profile'], { error: 'Group by network or by profile.' })),
});

export interface AnalyticsQuery {
  days: (typeof PERIOD_DAYS)[number] | null;
  firstDay: string;
  lastDay: string;
  network: Platform | undefined;
  profileId: string | undefined;
  figure: AnalyticsFigure;
  by: AnalyticsGrouping;
}

/** What was asked, as the page's links and the CSV link carry it on. */
export function queryString(query: AnalyticsQuery, change: Record<string, string> = {}): string {
  const fields: Record<string, string> = {
    ...(query.days ? { days: query.days } : { from: query.firstDay, to: query.lastDay }),
    ...(query.network ? { network: query.network } : {}),
    ...(query.profileId ? { profile_id: query.profileId } : {}),
    figure: query.figure,
    by: query.by,
    ...change,
  };
  if ('days' in change) {
    delete fields['from'];
    delete fields['to'];
  }
  return new URLSearchParams(fields).toString();
}

/**
 * Reads Analytics' query: a period of 7, 30 or 90 days ending today on the account's clock (in the
 * person's zone), or from and to (both days included, at most a year). Wrong fields are named with
 * what to do; the page then shows the default period beside them.
 */
export function readAnalyticsQuery(
  raw: Record<string, string>,
  context: { now: Date; zone: string; profileIds: ReadonlySet<string> },
): { query: AnalyticsQuery; errors: FieldErrors } {
  const parsed = AnalyticsQuerySchema.safeParse(raw);
  const errors: FieldErrors = {};
  const today = dayKey(context.now, context.zone);
  const fallback: AnalyticsQuery = {
    days: '30',
    firstDay: nextDay(today, -29),
    lastDay: today,
    network: undefined,
    profileId: undefined,
    figure: 'views',
    by: 'network',
  };
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'days')] ??= issue.message;
    return { query: fallback, errors };
  }
  const { days, from, to, network, profile_id: profileId, figure, by } = parsed.data;
  const query: AnalyticsQuery = { ...fallback, network, figure: figure ?? 'views', by: by ?? 'network' };
  if (profileId !== undefined) {
    if (context.profileIds.has(profileId)) query.profileId = profileId;
    else errors['profile_id'] = 'Choose one of your profiles.';
  }
  if (from !== undefined || to !== undefined) {
    if (from === undefined || to === undefined)
      errors[from === undefined ? 'from' : 'to'] = 'Give both days.';
    else if (from > to) errors['to'] = 'Give a day on or after the first.';
    else if (nextDay(from, LIMITS.dashboard.analyticsMaxDays) <= to) {
      errors['to'] = `Choose at most ${LIMITS.dashboard.analyticsMaxDays} days.`;
    } else Object.assign(query, { days: null, firstDay: from, lastDay: to });
  } else if (days !== undefined) {
    Object.assign(query, { days, firstDay: nextDay(today, 1 - Number(days)), lastDay: today });
  }
  return { query, errors };
}
