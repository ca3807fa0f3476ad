// `npm run bench`: prints figures and ratios against baselines measured in the same run.
// Never a pass/fail test: these machines are shared and noisy. BENCH_DURATION (seconds) per load.
import { printSummary } from './lib/summary.mjs';
import { benchCli } from './sections/cli.mjs';
import { benchMemory } from './sections/memory.mjs';
import { benchPosts } from './sections/posts.mjs';
import { benchReads } from './sections/reads.mjs';
import { benchScheduler } from './sections/scheduler.mjs';
import { benchUploads } from './sections/uploads.mjs';

const duration = Number(process.env.BENCH_DURATION ?? 5);
const only = process.argv.slice(2);
/** The issue asks for a 5 GB upload; 1 GiB by default keeps a run of every section to a few minutes. */
const uploadMegabytes = Number(process.env.BENCH_UPLOAD_MB ?? 1024);
const sections = {
  reads: () => benchReads({ duration, accounts: Number(process.env.BENCH_ACCOUNTS ?? 600) }),
  posts: () => benchPosts({ duration, accounts: Number(process.env.BENCH_POST_ACCOUNTS ?? 500) }),
  scheduler: () => benchScheduler({ posts: 10_000, accounts: 100 }),
  uploads: () => benchUploads({ megabytes: uploadMegabytes }),
  cli: () => benchCli({ megabytes: uploadMegabytes }),
  memory: () => benchMemory({ seconds: Number(process.env.BENCH_MEMORY_SECONDS ?? 120) }),
};

console.log(`socialpub benchmark (node ${process.version}, ${duration} s per load, loopback)\n`);
for (const [name, run] of Object.entries(sections)) {
  if (only.length > 0 && !only.includes(name)) continue;
  console.log(`## ${name}`);
  await run();
  console.log('');
}
printSummary();
