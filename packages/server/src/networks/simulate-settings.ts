import { FigureNameSchema } from '@socialpub/core';
import * as z from 'zod';

/**
 * The `simulate` object of a connection (reference-server.md, "Simulated networks"). It stands in
 * for how the real network would behave; the admin API stores it on the connection.
 */
export const SIMULATE_OUTCOMES = ['success', 'failed', 'timeout', 'still_publishing', 'unconfirmed'] as const;
const SimulateOutcomeSchema = z.enum(SIMULATE_OUTCOMES);
export type SimulateOutcome = z.infer<typeof SimulateOutcomeSchema>;

/** A refusal as the network would give it; a missing `code` is derived from `status` later. */
export const SimulatedNetworkErrorSchema = z.strictObject({
  status: z.number().int().min(400).max(599),
  code: z.string().min(1).max(100).optional(),
  message: z.string().max(1_000).optional(),
});
export type SimulatedNetworkError = z.infer<typeof SimulatedNetworkErrorSchema>;

/**
 * What the network reports, metric by metric. A metric left out is "not reported" (null, named in
 * `not_reported`); an explicit null says the same thing.
 */
export const SimulatedFiguresSchema = z.partialRecord(FigureNameSchema, z.number().int().min(0).nullable());
export type SimulatedFigures = z.infer<typeof SimulatedFiguresSchema>;

/**
 * The options row of this connection fails as a network outage would (row status `unavailable`).
 * `true` uses the default code; an object names the code and note. This field is the reference
 * server's own addition to the documented `simulate` fields.
 */
const SimulatedOptionsErrorSchema = z.union([
  z.literal(true),
  z.strictObject({ code: z.string().min(1).max(100).optional(), message: z.string().max(1_000).optional() }),
]);
export type SimulatedOptionsError = z.infer<typeof SimulatedOptionsErrorSchema>;

const behaviourShape = {
  outcome: SimulateOutcomeSchema.optional(),
  error: SimulatedNetworkErrorSchema.optional(),
  finish_after_seconds: z.number().int().min(0).max(31_536_000).optional(),
  latency_ms: z.number().int().min(0).max(600_000).optional(),
  figures: SimulatedFiguresSchema.optional(),
  options_error: SimulatedOptionsErrorSchema.optional(),
};

/** One behaviour: the standing one, or one entry of `next`. Entries of `next` have no `next`. */
export const SimulateBehaviourSchema = z.strictObject(behaviourShape);
export type SimulateBehaviour = z.infer<typeof SimulateBehaviourSchema>;

export const SimulateSettingsSchema = z.strictObject({
  ...behaviourShape,
  next: z.array(SimulateBehaviourSchema).max(1_000).optional(),
});
export type SimulateSettings = z.infer<typeof SimulateSettingsSchema>;

/** Default of `finish_after_seconds` (reference-server.md, "Simulated networks"). */
export const DEFAULT_FINISH_AFTER_SECONDS = 30;

export type SimulateParseResult = { ok: true; settings: SimulateSettings } | { ok: false; message: string };

/** Validates a `simulate` value from the admin API; absent or null means the default (success). */
export function parseSimulateSettings(raw: unknown): SimulateParseResult {
  if (raw === undefined || raw === null) return { ok: true, settings: {} };
  const parsed = SimulateSettingsSchema.safeParse(raw);
  if (parsed.success) return { ok: true, settings: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? `simulate.${issue.path.join('.')}` : 'simulate';
  return { ok: false, message: `${where}: ${issue?.message ?? 'invalid value'}` };
}

/**
 * Picks the behaviour for the next post: the first entry of `next` (used once, as a whole; fields it
 * leaves out take their defaults, not the standing values), else the standing behaviour. The caller
 * stores `remaining` back on the connection, so each entry is used exactly once.
 */
export function takeNextBehaviour(simulate: SimulateSettings): {
  behaviour: SimulateBehaviour;
  remaining: SimulateSettings;
} {
  // Most connections keep no `next`: their settings are the behaviour as they are (only read).
  if (!('next' in simulate)) return { behaviour: simulate, remaining: simulate };
  const { next, ...standing } = simulate;
  if (next === undefined || next.length === 0) return { behaviour: standing, remaining: simulate };
  const [first, ...rest] = next;
  const remaining: SimulateSettings = rest.length > 0 ? { ...standing, next: rest } : standing;
  return { behaviour: first ?? standing, remaining };
}

/** An outcome other than `success` needs something to say why: `failed` without `error` is a 500. */
export function outcomeOf(behaviour: SimulateBehaviour): SimulateOutcome {
  if (behaviour.outcome !== undefined) return behaviour.outcome;
  return behaviour.error !== undefined ? 'failed' : 'success';
}

export function finishAfterSecondsOf(behaviour: SimulateBehaviour): number {
  return behaviour.finish_after_seconds ?? DEFAULT_FINISH_AFTER_SECONDS;
}
