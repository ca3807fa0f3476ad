import { type FigureName, networkRules, type Platform } from '@socialpub/core';

/**
 * The per-network facts the simulated drivers need, read from core's NETWORKS table so a rule
 * changes in one place (DESIGN.md, "One source of truth"). This file only adapts names.
 */

/** Errors: the 401 a network answers when its sign-in needs reconnecting (threads: 500 `platform_error`). */
export function reconnectRefusal(platform: Platform): { status: number; code: string } {
  const { status, code } = networkRules(platform).signInRejected;
  return { status, code };
}

/** Post record, Figures: the metrics a network reports; the others are always null. */
export function reportedMetrics(platform: Platform): readonly FigureName[] {
  return networkRules(platform).reportedFigures;
}

/** POST /posts, Responses 200: tiktok and instagram finish after the answer. */
export function finishesAfterAnswer(platform: Platform): boolean {
  return networkRules(platform).finishesAfterAnswer;
}

/** Network options row: x, linkedin and threads have `no_options`. */
export function hasOptionsRow(platform: Platform): boolean {
  return networkRules(platform).hasOptions;
}
