/** Every aim a section checked, for the table `node bench/run.mjs` ends with. */
const aims = [];

/**
 * Records one aim of the summary table (or a figure without an aim: `met: null`, shown "—").
 * `measured` and `baseline` are short texts with the figures of this run; a verdict is only this
 * run's: the machine is shared and noisy, so no test ever asserts it.
 */
export function recordAim(entry, ...positional) {
  // The older positional form (section, aim, measured, met) is still accepted.
  const {
    section,
    aim,
    measured,
    baseline = '',
    met,
  } = typeof entry === 'string'
    ? { section: entry, aim: positional[0], measured: positional[1], met: positional[2] }
    : entry;
  aims.push({ section, aim, measured, baseline, met });
}

export function recordedAims() {
  return aims;
}

export function printSummary() {
  if (aims.length === 0) return;
  const rows = aims.map((a) => [
    a.section,
    a.aim,
    a.measured,
    a.baseline,
    a.met === null ? '—' : a.met ? 'met' : 'NOT MET',
  ]);
  const header = ['section', 'aim', 'measured (median, spread)', 'baseline (same run)', 'verdict'];
  console.log('## summary');
  console.log(`| ${header.join(' | ')} |`);
  console.log(`| ${header.map(() => '---').join(' | ')} |`);
  for (const row of rows) console.log(`| ${row.map((c) => String(c).replaceAll('|', '\\|')).join(' | ')} |`);
}
