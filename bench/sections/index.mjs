// The sections `node bench/run.mjs` knows, in the order a full run takes them. A section is
// `{ name, run(settings), default? }`; `default: false` leaves it out of a full run (run it by name).
// settings = { duration, rounds, env }. See bench/README.md.
import { benchCli } from './cli.mjs';
import { benchIdle } from './idle.mjs';
import { benchMcp } from './mcp.mjs';
import { benchMemory } from './memory.mjs';
import { benchPipelines } from './pipelines.mjs';
import { benchPosts } from './posts.mjs';
import { benchReads } from './reads.mjs';
import { benchScale } from './scale.mjs';
import { benchScheduler } from './scheduler.mjs';
import { benchSoak } from './soak.mjs';
import { benchCliBigUpload, benchUploaders } from './uploaders.mjs';
import { benchBigUpload, benchUploads } from './uploads.mjs';

const uploadMegabytes = (env) => Number(env.BENCH_UPLOAD_MB ?? 1024);

export const sections = [
  { name: 'reads', run: (s) => benchReads({ ...s, accounts: Number(s.env.BENCH_ACCOUNTS ?? 4000) }) },
  {
    name: 'posts',
    run: (s) =>
      benchPosts({
        ...s,
        perRound: Number(s.env.BENCH_PUBLISH_PER_ROUND ?? 1200),
        accounts: Number(s.env.BENCH_ACCOUNTS ?? 4000),
      }),
  },
  // Cost per request at 1,000 and 20,000 accounts (BENCH_SCALE_ACCOUNTS); seeding takes minutes.
  {
    name: 'scale',
    default: false,
    run: (s) => benchScale({ ...s, accounts: Number(s.env.BENCH_SCALE_ACCOUNTS ?? 20_000) }),
  },
  { name: 'idle', run: (s) => benchIdle({ accounts: Number(s.env.BENCH_ACCOUNTS ?? 4000) }) },
  {
    name: 'scheduler',
    // BENCH_SCHEDULER_POSTS / _ACCOUNTS shrink it for a quick look; the aims are for 10,000 over 500.
    run: (s) =>
      benchScheduler({
        ...s,
        posts: Number(s.env.BENCH_SCHEDULER_POSTS ?? 10_000),
        accounts: Number(s.env.BENCH_SCHEDULER_ACCOUNTS ?? 500),
      }),
  },
  { name: 'uploads', run: (s) => benchUploads({ ...s, megabytes: Math.min(uploadMegabytes(s.env), 1024) }) },
  {
    name: 'upload-5g',
    default: false,
    run: (s) => benchBigUpload({ ...s, megabytes: Number(s.env.BENCH_UPLOAD_MB ?? 5120) }),
  },
  {
    name: 'pipelines',
    run: (s) => benchPipelines({ count: Number(s.env.BENCH_PIPELINES ?? 20), posts: 10 }),
  },
  { name: 'cli', run: () => benchCli() },
  {
    name: 'uploaders',
    run: (s) => benchUploaders({ ...s, megabytes: Math.min(uploadMegabytes(s.env), 1024) }),
  },
  {
    name: 'cli-5g',
    default: false,
    run: (s) => benchCliBigUpload({ megabytes: Number(s.env.BENCH_UPLOAD_MB ?? 5120) }),
  },
  { name: 'mcp', run: (s) => benchMcp(s) },
  // Two minutes of mixed load, RSS peak and idle after against idle before.
  { name: 'memory', run: (s) => benchMemory({ seconds: Number(s.env.BENCH_MEMORY_SECONDS ?? 120) }) },
  // Ten minutes of CI pipelines (BENCH_SOAK_SECONDS), then quiet: the heap goes back, RSS stops growing.
  {
    name: 'soak',
    run: (s) =>
      benchSoak({
        seconds: Number(s.env.BENCH_SOAK_SECONDS ?? 600),
        idleSeconds: 30,
        concurrency: Number(s.env.BENCH_SOAK_CONCURRENCY ?? 16),
      }),
  },
];
