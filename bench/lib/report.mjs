import { formatSpread, spread } from './rounds.mjs';

/** Prints aligned columns; the first row is the header. */
export function printTable(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  const line = (cells) =>
    cells
      .map((c, i) => String(c).padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  console.log(line(rows[0]));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of rows.slice(1)) console.log(line(row));
}

/**
 * The table every HTTP comparison prints: per subject, req/s and server CPU µs per request as
 * median (min–max) over the counted rounds, and autocannon's p99 (ms resolution, a figure only).
 */
export function printHttpRounds(results, rounds) {
  const rows = [
    ['subject', 'req/s median (min–max)', 'server CPU µs/req median (min–max)', 'p99 ms (median)'],
  ];
  for (const [name, figures] of Object.entries(results)) {
    rows.push([
      name,
      formatSpread(spread(figures.map((f) => f.rps))),
      formatSpread(spread(figures.map((f) => f.cpuUs)), 1),
      String(spread(figures.map((f) => f.p99Ms)).median),
    ]);
  }
  console.log(`(${rounds} interleaved rounds after a warm-up round; every counted answer 2xx)`);
  printTable(rows);
}

export function printLine(name, text) {
  console.log(`${name.padEnd(44)} ${text}`);
}
