import { FIGURE_NAMES, type PostRecord } from '@socialpub/core';
import { groupRows } from '../components/row-groups.js';
import { dayKey, nextDay } from '../time-zone.js';

/** The figures Analytics can show: the post record's metrics and its engagement. */
export const ANALYTICS_FIGURES = [...FIGURE_NAMES, 'engagement'] as const;
export type AnalyticsFigure = (typeof ANALYTICS_FIGURES)[number];

/** What Analytics groups by: the chart's series and the second totals table. */
export type AnalyticsGrouping = 'network' | 'profile';

/** One post's figure as GET /posts/{id} gives it: null when the network did not report it. */
export function figureOf(post: PostRecord, figure: AnalyticsFigure): number | null {
  const figures = post.figures;
  if (!figures) return null;
  return figure === 'engagement' ? figures.engagement : figures.metrics[figure];
}

/**
 * A sum over posts that keeps "not reported" apart from zero: `value` is null when none of the
 * posts had the figure reported, and `posts` says how many posts there were at all.
 */
export interface Total {
  posts: number;
  reported: number;
  value: number | null;
}

const emptyTotal = (): Total => ({ posts: 0, reported: 0, value: null });

function add(total: Total, value: number | null): void {
  total.posts += 1;
  if (value === null) return;
  total.reported += 1;
  total.value = (total.value ?? 0) + value;
}

/** Totals of every figure over a set of posts. */
export interface FigureTotals {
  posts: number;
  figures: Record<AnalyticsFigure, Total>;
}

function totalsOf(posts: readonly PostRecord[]): FigureTotals {
  const figures = Object.fromEntries(ANALYTICS_FIGURES.map((name) => [name, emptyTotal()])) as Record<
    AnalyticsFigure,
    Total
  >;
  for (const post of posts) for (const name of ANALYTICS_FIGURES) add(figures[name], figureOf(post, name));
  return { posts: posts.length, figures };
}

export interface AnalyticsInput {
  posts: readonly PostRecord[];
  /** First and last day of the period (`YYYY-MM-DD`, both included) in `zone`. */
  firstDay: string;
  lastDay: string;
  zone: string;
  figure: AnalyticsFigure;
  by: AnalyticsGrouping;
  profileName: (profileId: string) => string;
}

export interface AnalyticsData {
  days: string[];
  /** The chart's series (networks or profiles), largest total first. */
  series: Array<{ key: string; label: string }>;
  /** The chosen figure per day and series: the chart and its table. */
  byDay: Map<string, Map<string, Total>>;
  overall: FigureTotals;
  byNetwork: Array<{ key: string; label: string; totals: FigureTotals }>;
  byProfile: Array<{ key: string; label: string; totals: FigureTotals }>;
  /** The posts with the chosen figure reported, highest first (at most 10). */
  best: PostRecord[];
  /** When figures were last collected, over every post of the period. */
  lastCollected: string | null;
}

const BEST_POSTS = 10;

/** Everything the Analytics page shows, from the posts' own figures (nothing else is counted). */
export function analyticsData(input: AnalyticsInput): AnalyticsData {
  const { posts, zone, figure } = input;
  const days: string[] = [];
  for (let day = input.firstDay; day <= input.lastDay; day = nextDay(day)) days.push(day);
  const seriesKey = (post: PostRecord) => (input.by === 'network' ? post.platform : post.profile_id);
  const seriesLabel = (key: string) => (input.by === 'network' ? key : input.profileName(key));

  const byDay = new Map<string, Map<string, Total>>(days.map((day) => [day, new Map()]));
  for (const post of posts) {
    const row = byDay.get(dayKey(new Date(post.at), zone));
    if (!row) continue;
    const key = seriesKey(post);
    const total = row.get(key) ?? emptyTotal();
    add(total, figureOf(post, figure));
    row.set(key, total);
  }

  const grouped = (keyOf: (post: PostRecord) => string, label: (key: string) => string) =>
    groupRows(posts, keyOf)
      .map(({ key, items }) => ({ key, label: label(key), totals: totalsOf(items) }))
      .sort((a, b) => (b.totals.figures[figure].value ?? -1) - (a.totals.figures[figure].value ?? -1));
  const byNetwork = grouped(
    (post) => post.platform,
    (key) => key,
  );
  const byProfile = grouped((post) => post.profile_id, input.profileName);
  const series = (input.by === 'network' ? byNetwork : byProfile).map(({ key }) => ({
    key,
    label: seriesLabel(key),
  }));

  const best = posts
    .filter((post) => figureOf(post, figure) !== null)
    .sort((a, b) => (figureOf(b, figure) ?? 0) - (figureOf(a, figure) ?? 0))
    .slice(0, BEST_POSTS);
  const collected = posts.map((post) => post.figures?.polled_at).filter((at): at is string => !!at);
  // ISO instants in UTC sort as text: the last one is the latest.
  const lastCollected = collected.sort().at(-1) ?? null;
  return { days, series, byDay, overall: totalsOf(posts), byNetwork, byProfile, best, lastCollected };
}

/** The chart's table as rows of cells: day, each series, total ("" for no posts, "not reported"). */
export function dayTableRows(data: AnalyticsData): string[][] {
  return data.days.map((day) => {
    const row = data.byDay.get(day) ?? new Map<string, Total>();
    const cells = data.series.map(({ key }) => cellText(row.get(key)));
    const all = emptyTotal();
    for (const total of row.values()) {
      all.posts += total.posts;
      all.reported += total.reported;
      if (total.value !== null) all.value = (all.value ?? 0) + total.value;
    }
    return [day, ...cells, cellText(all.posts === 0 ? undefined : all)];
  });
}

/** A total as the tables write it: blank without posts, "not reported", or the number. */
export function cellText(total: Total | undefined): string {
  if (!total || total.posts === 0) return '';
  return total.value === null ? 'not reported' : String(total.value);
}
