// Loaded into a Node client with NODE_OPTIONS=--require (it reaches the node a shell script starts,
// too): on exit, appends the process's own CPU time and peak RSS as one JSON line to
// $BENCH_USAGE_FILE. Read from inside because the process is gone once its parent learns it ended.
const { appendFileSync } = require('node:fs');

const out = process.env.BENCH_USAGE_FILE;
if (out) {
  process.on('exit', () => {
    const usage = process.resourceUsage();
    const line = {
      pid: process.pid,
      cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000,
      maxRssMb: usage.maxRSS / 1024,
    };
    appendFileSync(out, `${JSON.stringify(line)}\n`);
  });
}
