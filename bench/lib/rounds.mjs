/**
 * The harness's one way to compare: every subject (baselines and ours) runs once per round in the
 * same process lifetime, after `warmup` discarded rounds, for `rounds` counted rounds; the order
 * rotates each round so no subject always runs right after the same neighbour. Resolves with
 * `{ [name]: [figures of round 1, round 2, ...] }` where figures is whatever `run` returned.
 * `onRound` (optional) sees each counted round's figures as they come, for a progress line.
 */
export async function interleave({ subjects, rounds = 3, warmup = 1, onRound }) {
  if (rounds < 3) throw new Error('interleave: at least three counted rounds');
  const results = Object.fromEntries(subjects.map((s) => [s.name, []]));
  for (let r = 0; r < warmup + rounds; r++) {
    const counted = r >= warmup;
    const order = subjects.map((_, i) => subjects[(i + r) % subjects.length]);
    const figures = {};
    for (const subject of order) {
      const result = await subject.run({ round: r - warmup, warmup: !counted });
      if (counted) {
        results[subject.name].push(result);
        figures[subject.name] = result;
      }
    }
    if (counted) onRound?.(r - warmup, figures);
  }
  return results;
}

/** Median (mean of the two middle values for an even count), minimum and maximum. */
export function spread(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return { median: Number.NaN, min: Number.NaN, max: Number.NaN, n: 0 };
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { median, min: sorted[0], max: sorted.at(-1), n: sorted.length };
}

/** `12,345 (11,900–12,800)`: median then min–max, with `digits` decimals. */
export function formatSpread(s, digits = 0, unit = '') {
  const f = (v) =>
    Number.isFinite(v)
      ? v.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
      : '—';
  return `${f(s.median)}${unit} (${f(s.min)}–${f(s.max)})`;
}

/**
 * Per-round ratios of two subjects measured in the same round (subject / baseline), summarised:
 * the interleaving pairs each subject's round with the baseline's round beside it in time.
 * A baseline figure of 0 or less makes that round's ratio NaN, which never meets an aim.
 */
export function pairedRatios(subjectRounds, baselineRounds, pick) {
  return spread(
    subjectRounds.map((s, i) => {
      const base = pick(baselineRounds[i]);
      return base > 0 ? pick(s) / base : Number.NaN;
    }),
  );
}
