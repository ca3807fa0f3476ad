import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** User + system CPU milliseconds from a `/proc` stat file (a process's or one thread's). */
function statCpuMs(path) {
  const stat = readFileSync(path, 'utf8');
  // Fields after the command name (which may hold spaces) start with field 3, `state`.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/**
 * The process's own CPU time (user + system) in milliseconds from /proc/<pid>/stat: read from
 * outside, so it holds for any server (ours, the baselines, Prism) and costs the server nothing.
 */
export function cpuMsOf(pid) {
  return statCpuMs(`/proc/${pid}/stat`);
}

/**
 * The process's CPU time in milliseconds to the nanosecond, from the scheduler's own account of
 * each of its threads (`/proc/<pid>/task/<tid>/schedstat`, first field): for idle servers, whose
 * CPU a window is a few of `/proc/<pid>/stat`'s 10 ms ticks or none. A thread that has exited
 * takes its time with it, so this is for long-lived processes between two readings.
 */
export function preciseCpuMsOf(pid) {
  let ns = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // The thread exited between the listing and the read.
    }
  }
  return ns / 1e6;
}

/**
 * CPU milliseconds of a process's main thread alone (user + system, `/proc/<pid>/task/<pid>/stat`):
 * what a Node server's JavaScript runs on, apart from V8's compiler and collector threads and
 * libuv's pool, which `cpuMsOf` counts too.
 */
export function mainThreadCpuMsOf(pid) {
  return statCpuMs(`/proc/${pid}/task/${pid}/stat`);
}

/**
 * Starts a server script in its own process (the load generator never shares its event loop) and
 * resolves with the first JSON line it prints. Scripts that import `servers/probe.mjs` also answer
 * `stats()` (their own GC counts by kind, RSS, CPU); others (Prism) resolve `stats()` with null.
 * `pollUrl`: for a server that prints no JSON line, ready once that address answers. `onLine` sees
 * every line the server prints (e.g. its `--trace-gc` output).
 */
export async function startChildServer(
  script,
  { env = {}, args = [], nodeArgs = [], readyTimeoutMs = 60_000, pollUrl, onLine } = {},
) {
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, [...nodeArgs, script, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const lines = createInterface({ input: child.stdout });
  const info = await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${script} printed no ready line in ${readyTimeoutMs} ms`)),
      readyTimeoutMs,
    );
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before it was ready`)));
    if (pollUrl) {
      // A server that is not ours prints no JSON line: ready once it answers anything at all.
      const poll = () =>
        fetch(pollUrl).then(
          () => {
            clearTimeout(timer);
            resolve({ url: new URL(pollUrl).origin });
          },
          () => setTimeout(poll, 100),
        );
      poll();
    }
    lines.on('line', (line) => {
      onLine?.(line);
      if (pollUrl || !line.startsWith('{')) return;
      try {
        const parsed = JSON.parse(line);
        clearTimeout(timer);
        resolve(parsed);
      } catch {
        // not the ready line
      }
    });
  });
  const readyMs = Number(process.hrtime.bigint() - started) / 1e6;
  let nextId = 0;
  return {
    info,
    readyMs,
    pid: child.pid,
    /** CPU milliseconds the server process has used so far (user + system, from /proc). */
    cpuMs: () => cpuMsOf(child.pid),
    /** The same for the main thread alone (`mainThreadCpuMsOf`). */
    mainThreadCpuMs: () => mainThreadCpuMsOf(child.pid),
    preciseCpuMs: () => preciseCpuMsOf(child.pid),
    /**
     * The server's own view (GC counts, RSS, heap used, cpuUsage), or null when it does not answer
     * in 2 s. `collect`: a full collection first (a server started with --expose-gc), so the heap
     * figure is what is alive.
     */
    stats: ({ collect = false } = {}) =>
      new Promise((resolve) => {
        if (!child.connected) return resolve(null);
        const id = nextId++;
        const onMessage = (message) => {
          if (message?.type !== 'stats' || message.id !== id) return;
          clearTimeout(timer);
          child.off('message', onMessage);
          resolve(message);
        };
        const timer = setTimeout(() => {
          child.off('message', onMessage);
          resolve(null);
        }, 2000);
        child.on('message', onMessage);
        child.send({ type: 'stats', id, collect });
      }),
    /** Sends `message` over IPC; resolves with the server's first answer of the same `type`. */
    ask: (message) =>
      new Promise((resolve, reject) => {
        const onMessage = (answer) => {
          if (answer?.type !== message.type) return;
          child.off('message', onMessage);
          resolve(answer);
        };
        child.on('message', onMessage);
        child.send(message, (error) => {
          if (error) {
            child.off('message', onMessage);
            reject(error);
          }
        });
      }),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
