// `npm run bench`: prints figures and ratios against baselines measured in the same run.
// Never a pass/fail test: these machines are shared and noisy. BENCH_DURATION (seconds) per load.
import { benchReads } from './sections/reads.mjs';

const duration = Number(process.env.BENCH_DURATION ?? 5);
const only = process.argv.slice(2);
const sections = {
  reads: () => benchReads({ duration, accounts: Number(process.env.BENCH_ACCOUNTS ?? 600) }),
};

console.log(`socialpub benchmark (node ${process.version}, ${duration} s per load, loopback)\n`);
for (const [name, run] of Object.entries(sections)) {
  if (only.length > 0 && !only.includes(name)) continue;
  console.log(`## ${name}`);
  await run();
  console.log('');
}
