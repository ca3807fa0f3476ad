/** Every aim a section measured, for the table `node bench/run.mjs` ends with. */
const aims = [];

/**
 * Records one aim. `met` is true, false, or null when the figure has no aim to meet (shown as "—").
 * Never a test verdict: the machine is shared and noisy, so this only says how this run went.
 */
export function recordAim(section, aim, value, met) {
  aims.push({ section, aim, value, met });
}

export function printSummary() {
  if (aims.length === 0) return;
  const rows = aims.map((a) => [a.section, a.aim, a.value, a.met === null ? '—' : a.met ? 'met' : 'not met']);
  const header = ['section', 'aim', 'measured', 'this run'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join('  ');
  console.log('## summary');
  console.log(line(header));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of rows) console.log(line(row));
}
