// `npm run bench`: every figure beside baselines measured in the same run, interleaved over rounds.
// Never a pass/fail test: the machine is shared and noisy. See bench/README.md for the harness API.
//   node bench/run.mjs [section ...]   BENCH_DURATION (s per load round, default 3), BENCH_ROUNDS (3)
import { printSummary, recordAim } from './lib/summary.mjs';
import { sections } from './sections/index.mjs';

const settings = {
  duration: Number(process.env.BENCH_DURATION ?? 3),
  rounds: Number(process.env.BENCH_ROUNDS ?? 3),
  env: process.env,
};
const only = process.argv.slice(2);
const unknown = only.filter((name) => !sections.some((s) => s.name === name));
if (unknown.length > 0) {
  console.error(
    `unknown section(s) ${unknown.join(', ')}; sections: ${sections.map((s) => s.name).join(', ')}`,
  );
  process.exit(2);
}
const chosen =
  only.length > 0
    ? sections.filter((s) => only.includes(s.name))
    : sections.filter((s) => s.default !== false);

console.log(
  `socialpub benchmark (node ${process.version}, ${settings.duration} s per load round, ${settings.rounds} rounds after a warm-up, loopback)`,
);
console.log(`sections: ${chosen.map((s) => s.name).join(', ')}; started ${new Date().toISOString()}\n`);
const failed = [];
const started = performance.now();
for (const section of chosen) {
  console.log(`## ${section.name}`);
  const at = performance.now();
  try {
    await section.run(settings);
  } catch (error) {
    // Loud: the figure would be wrong, so none is given, and the run exits non-zero.
    failed.push(section.name);
    console.log(`SECTION FAILED: ${error.stack ?? error}`);
    recordAim({
      section: section.name,
      aim: 'section ran',
      measured: `failed: ${String(error.message ?? error).slice(0, 160)}`,
      met: false,
    });
  }
  console.log(`(${section.name}: ${((performance.now() - at) / 1000).toFixed(0)} s)\n`);
}
printSummary();
console.log(
  `\nwhole run ${((performance.now() - started) / 1000).toFixed(0)} s; load average ${(
    await import('node:os')
  )
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
if (failed.length > 0) {
  console.error(`failed sections: ${failed.join(', ')}`);
  process.exit(1);
}
