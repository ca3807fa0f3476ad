import * as z from 'zod';

/** Post record figures: the metrics object's keys, in the document's order. */
export const FIGURE_NAMES = [
  'views',
  'likes',
  'comments',
  'shares',
  'impressions',
  'reach',
  'saves',
  'clicks',
  'watch_time_seconds',
] as const;

export const FigureNameSchema = z.enum(FIGURE_NAMES);
export type FigureName = z.infer<typeof FigureNameSchema>;
