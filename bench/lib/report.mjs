/** Prints one benchmark line: the figure, the baseline, the ratio and the aim. */
export function printComparison(name, measured, baseline, aim) {
  const ratio = baseline.rps > 0 ? measured.rps / baseline.rps : 0;
  const p99Ratio = baseline.p99 > 0 ? measured.p99 / baseline.p99 : 0;
  console.log(
    `${name.padEnd(44)} ${String(measured.rps).padStart(7)} req/s  p50 ${measured.p50} ms  p99 ${measured.p99} ms` +
      `  | ${(ratio * 100).toFixed(0)}% of baseline rps, p99 ${p99Ratio.toFixed(2)}x  (aim: ${aim})`,
  );
  return { ratio, p99Ratio };
}

export function printLine(name, text) {
  console.log(`${name.padEnd(44)} ${text}`);
}
