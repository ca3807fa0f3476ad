#!/usr/bin/env node
// `npm ci` (npm 11) refuses a lock file that lacks any optional dependency named by a package,
// even one for another platform. The registry this project is installed from serves only this
// platform's binaries, so `npm install` leaves the other platforms' entries out. This adds them
// back as optional entries with their os/cpu/libc, which npm never fetches on a non-matching
// machine. Run after `npm install` changes the lock file: `node scripts/complete-lockfile.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const LOCK = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
const packages = lock.packages;

const OS = [
  'android',
  'darwin',
  'freebsd',
  'linux',
  'win32',
  'openbsd',
  'netbsd',
  'sunos',
  'aix',
  'openharmony',
  'windows',
];
const CPU = [
  'arm64',
  'arm',
  'x64',
  'ia32',
  'loong64',
  'ppc64',
  'riscv64',
  's390x',
  'mips64el',
  'wasm32',
  '64',
];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p) || p === 'eabi' || p === 'gnueabihf');
  const entry = {};
  if (os) entry.os = [os === 'windows' ? 'win32' : os];
  if (cpu === '64') entry.cpu = ['x64'];
  else if (cpu && CPU.includes(cpu)) entry.cpu = [cpu];
  if (parts.includes('musl') || parts.includes('musleabihf')) entry.libc = ['musl'];
  else if (parts.includes('gnu') || parts.includes('gnueabihf')) entry.libc = ['glibc'];
  return entry;
}

let added = 0;
for (const [path, meta] of Object.entries(packages)) {
  const optional = meta.optionalDependencies ?? {};
  const base = path === '' ? '' : `${path}/`;
  for (const [dep, version] of Object.entries(optional)) {
    const nested = `${base}node_modules/${dep}`;
    const hoisted = `node_modules/${dep}`;
    if (packages[nested] || packages[hoisted]) continue;
    const platform = platformOf(dep);
    if (!platform.os && !platform.cpu) continue; // not a platform binary: leave it to npm
    packages[hoisted] = { version, ...(meta.dev ? { dev: true } : {}), optional: true, ...platform };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} optional platform entries`);
