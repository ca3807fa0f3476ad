#!/usr/bin/env node
// `npm test`: the JavaScript build the tests run, then vitest, with the static checks (types, lint,
// import rules) running beside them. The checks need no build and leave a core idle for most of
// their time, so they fill the gaps while tests wait on processes, Chromium and the clock. Their
// output is held and printed after the tests, each under its name; any failure fails the run.
import { spawn } from 'node:child_process';

const CHECKS = ['typecheck', 'lint', 'check:imports'];

/** Runs `npm run <script> [args]`; `held` keeps its output for later instead of printing it. */
function run(script, args, { held }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script, ...(args.length > 0 ? ['--', ...args] : [])], {
      stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code, signal) =>
      resolve({ script, code: code ?? (signal ? 1 : 0), seconds: (Date.now() - started) / 1000, output }),
    );
  });
}

/** The checks one after another (each is one process; two cores are shared with the tests). */
async function runChecks() {
  const results = [];
  for (const check of CHECKS) results.push(await run(check, [], { held: true }));
  return results;
}

const checks = runChecks();
const build = await run('build:tests', [], { held: false });
const tests = build.code === 0 ? await run('test:unit', process.argv.slice(2), { held: false }) : null;

const results = await checks;
for (const result of results) {
  const text = Buffer.concat(result.output).toString('utf8').trimEnd();
  const verdict = result.code === 0 ? 'passed' : `FAILED (exit ${result.code})`;
  process.stdout.write(`\n${result.script}: ${verdict} in ${result.seconds.toFixed(1)} s\n`);
  if (text !== '' && (result.code !== 0 || result.script !== 'typecheck')) process.stdout.write(`${text}\n`);
}
const failed = [build, tests, ...results].filter((result) => result !== null && result.code !== 0);
if (build.code !== 0) process.stdout.write('\nThe build failed, so no test ran.\n');
if (failed.length > 0) {
  process.stdout.write(`\nnpm test failed: ${failed.map((result) => result.script).join(', ')}\n`);
  process.exit(1);
}
