import * as z from 'zod';
import { FigureNameSchema } from '../networks/figures.js';

/**
 * The `simulate` object of a connection (reference-server.md, "Simulated networks"): how the
 * simulated network behaves. The admin API stores it on the connection; the server's drivers read it.
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

/**
 * `rules`: `real` (the default) makes the simulated network refuse what the real one refuses
 * (network-rules.md); `lenient` switches those rules off for tests that need the old acceptance.
 * The API document's own rules apply either way. A standing setting, not one of `next`.
 */
export const NETWORK_RULES_MODES = ['real', 'lenient'] as const;
export const NetworkRulesModeSchema = z.enum(NETWORK_RULES_MODES).meta({
  description:
    "real (default): the simulated network refuses what the real network refuses (text counted as it counts, duplicates, media); lenient: those rules are off. The API document's own rules apply either way.",
});
export type NetworkRulesMode = z.infer<typeof NetworkRulesModeSchema>;

export const SimulateSettingsSchema = z
  .strictObject({
    ...behaviourShape,
    rules: NetworkRulesModeSchema.optional(),
    next: z.array(SimulateBehaviourSchema).max(1_000).optional(),
  })
  .meta({ description: 'How the simulated network behaves (outcome, error, figures, rules, next, ...).' });
export type SimulateSettings = z.infer<typeof SimulateSettingsSchema>;
