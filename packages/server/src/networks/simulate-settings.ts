import {
  type SimulateBehaviour,
  type SimulateOutcome,
  type SimulateSettings,
  SimulateSettingsSchema,
} from '@socialpub/core';

// The schemas live in core (admin-api/admin-simulate.ts): the admin API's documents describe them.
export {
  NETWORK_RULES_MODES,
  type NetworkRulesMode,
  NetworkRulesModeSchema,
  SIMULATE_OUTCOMES,
  type SimulateBehaviour,
  SimulateBehaviourSchema,
  type SimulatedFigures,
  SimulatedFiguresSchema,
  type SimulatedNetworkError,
  SimulatedNetworkErrorSchema,
  type SimulatedOptionsError,
  type SimulateOutcome,
  type SimulateSettings,
  SimulateSettingsSchema,
} from '@socialpub/core';

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
