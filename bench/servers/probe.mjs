// Imported by every server script the benchmark owns: answers the harness's `stats` message (over
// the child's IPC channel) with its own garbage collections by kind, RSS and CPU time, so a section
// can count the full collections an upload causes inside the server, not in the load generator.
import { constants, PerformanceObserver } from 'node:perf_hooks';

const gc = { major: 0, minor: 0, incremental: 0, weakcb: 0, majorMs: 0, minorMs: 0 };
const observer = new PerformanceObserver((list) => count(list.getEntries()));
function count(entries) {
  for (const entry of entries) {
    const kind = entry.detail?.kind ?? entry.kind;
    if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
      gc.major++;
      gc.majorMs += entry.duration;
    } else if (kind === constants.NODE_PERFORMANCE_GC_MINOR) {
      gc.minor++;
      gc.minorMs += entry.duration;
    } else if (kind === constants.NODE_PERFORMANCE_GC_INCREMENTAL) gc.incremental++;
    else gc.weakcb++;
  }
}
observer.observe({ entryTypes: ['gc'] });

process.on('message', (message) => {
  if (message?.type !== 'stats') return;
  // `collect`: the live heap, after a full collection (only when the server runs with --expose-gc).
  if (message.collect && typeof globalThis.gc === 'function') globalThis.gc();
  count(observer.takeRecords());
  process.send?.({
    type: 'stats',
    id: message.id,
    gc: { ...gc },
    rssBytes: process.memoryUsage.rss(),
    heapUsedBytes: process.memoryUsage().heapUsed,
    cpu: process.cpuUsage(),
  });
});
// The IPC channel must not keep a server alive after its listener closed.
process.channel?.unref?.();
