import type { Platform } from '@socialpub/core';
import { FIGURE_NAMES, type FigureName, LIMITS } from '@socialpub/core';
import { isoInstant } from '../clocks/iso-instant.js';
import type { FiguresInput, FiguresReading } from './network-driver.js';
import { reportedMetrics } from './network-facts.js';

type Metrics = FiguresReading['metrics'];

/** Figures that together make `engagement` (the document does not define it; this is our choice). */
const ENGAGEMENT_METRICS = ['likes', 'comments', 'shares', 'saves'] as const satisfies readonly FigureName[];

/** Per-metric size of the default figures after the full collection window, before the post's own factor. */
const DEFAULT_FINAL_FIGURES: Record<FigureName, number> = {
  views: 1_200,
  likes: 96,
  comments: 14,
  shares: 9,
  impressions: 2_000,
  reach: 1_500,
  saves: 11,
  clicks: 40,
  watch_time_seconds: 9_600,
};

/** A stable number in [0.5, 1.5) from the post id, so posts differ yet each reads the same every time. */
function postFactor(postId: string): number {
  let hash = 2_166_136_261;
  for (let i = 0; i < postId.length; i += 1) {
    hash ^= postId.charCodeAt(i);
    hash = Math.imul(hash, 16_777_619) >>> 0;
  }
  return 0.5 + (hash % 1_000) / 1_000;
}

/**
 * Without `simulate.figures` a network reports default figures that grow with time since publishing
 * and stop growing when collection ends (7 days; "Post record", Figures).
 */
function defaultFigure(metric: FigureName, input: FiguresInput, factor: number): number {
  const elapsed = Math.max(0, input.now.getTime() - input.publishedAt.getTime()) / 1_000;
  const share = Math.min(1, elapsed / LIMITS.figures.collectForSeconds);
  return Math.round(DEFAULT_FINAL_FIGURES[metric] * factor * share);
}

/**
 * The figures of one post. With `simulate.figures` they are exactly what the connection says the
 * network reports (reference-server.md, "Simulated networks": a metric left out, or null, is not
 * reported; every other one is reported as set, whatever this network reports by default). Without
 * it, the network's usual metrics grow with time and the rest are not reported. Null never counts as
 * zero, except that `engagement` (an integer) adds up only the reported ones.
 */
export function collectFigures(platform: Platform, input: FiguresInput): FiguresReading {
  const reported = reportedSet(platform);
  const metrics = {} as Metrics;
  const notReported: FigureName[] = [];
  const factor = input.figures === undefined ? postFactor(input.postId) : 0;
  for (const metric of FIGURE_NAMES) {
    let value: number | null;
    if (input.figures !== undefined) value = input.figures[metric] ?? null;
    else value = reported.has(metric) ? defaultFigure(metric, input, factor) : null;
    metrics[metric] = value;
    if (value === null) notReported.push(metric);
  }
  const engagement = ENGAGEMENT_METRICS.reduce((sum, metric) => sum + (metrics[metric] ?? 0), 0);
  return {
    metrics,
    not_reported: notReported,
    engagement,
    polled_at: input.now.toISOString(),
    note:
      notReported.length > 0
        ? `${platform} does not report ${notReported.join(', ')}; they stay null, not zero.`
        : null,
  };
}

/** The first reading's text around its `polled_at`, for one network and one figures set. */
interface FirstFiguresTemplate {
  figures: FiguresInput['figures'];
  head: string;
  tail: string;
}

const firstTemplates = new Map<Platform, FirstFiguresTemplate>();

/**
 * `JSON.stringify(collectFigures(...))` of a post read at the instant it is published (its first
 * collection, taken with its record). No time has passed then, so every default figure is 0 whatever
 * the post, and a figures set is reported as set: the text depends on the network and the figures
 * set only, but for `polled_at`. It is made once per network and figures set (the last one kept,
 * known by identity: a set is parsed from its stored connection and never changed in place), and
 * each post's instant is written into it.
 */
export function firstFiguresText(platform: Platform, figures: FiguresInput['figures'], now: Date): string {
  let template = firstTemplates.get(platform);
  if (template === undefined || template.figures !== figures) {
    const reading = collectFigures(platform, { postId: '', publishedAt: now, figures, now });
    const text = JSON.stringify(reading);
    const polled = `"polled_at":${JSON.stringify(reading.polled_at)}`;
    const at = text.indexOf(polled);
    template = {
      figures,
      head: text.slice(0, at + '"polled_at":"'.length),
      tail: text.slice(at + polled.length - 1),
    };
    firstTemplates.set(platform, template);
  }
  return `${template.head}${isoInstant(now.getTime())}${template.tail}`;
}

const reportedSets = new Map<Platform, ReadonlySet<FigureName>>();

/** The network's reported metrics as a set, made once per network (every send reads it). */
function reportedSet(platform: Platform): ReadonlySet<FigureName> {
  let set = reportedSets.get(platform);
  if (set === undefined) {
    set = new Set(reportedMetrics(platform));
    reportedSets.set(platform, set);
  }
  return set;
}

/**
 * Figures are collected every 6 hours during the first 7 days after publishing: the first collection
 * strictly after `after`, or null once the window has closed.
 */
export function nextFiguresCollectionAt(publishedAt: Date, after: Date): Date | null {
  const every = LIMITS.figures.pollEverySeconds * 1_000;
  const end = publishedAt.getTime() + LIMITS.figures.collectForSeconds * 1_000;
  const elapsed = after.getTime() - publishedAt.getTime();
  const steps = elapsed < 0 ? 1 : Math.floor(elapsed / every) + 1;
  const next = publishedAt.getTime() + steps * every;
  return next > end ? null : new Date(next);
}
