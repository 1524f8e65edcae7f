// The registry this project installs from carries only the Linux builds of
// some native packages (@rspack/binding-*, @swc/core-*, @unrs/resolver-
// binding-*). npm then leaves the other platforms' optional packages out of
// package-lock.json, and `npm ci` refuses a lock that misses them. This adds
// an entry per missing optional platform package, marked with its os/cpu so
// npm skips it on this machine, written exactly as npm writes one (same flags,
// same key order), so a later `npm install` leaves the lock as it is.
// Run after any `npm install` that rewrites the lock: node scripts/lock-platform-stubs.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { ROOT } from './lib/apps.mjs';

const OS = ['darwin', 'linux', 'win32', 'android', 'freebsd', 'openharmony', 'wasm32'];
const CPU = {
  arm64: 'arm64',
  x64: 'x64',
  ia32: 'ia32',
  arm: 'arm',
  ppc64: 'ppc64',
  riscv64: 'riscv64',
  s390x: 's390x',
  loong64: 'loong64',
  wasm32: 'wasm32',
};

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((part) => OS.includes(part));
  const cpu = parts.find((part) => part in CPU);
  if (!os || !cpu) return null;
  if (os === 'wasm32') return { cpu: ['wasm32'] };
  const libc =
    parts.includes('musl') || parts.includes('musleabihf')
      ? ['musl']
      : parts.includes('gnu') || parts.includes('gnueabihf')
        ? ['glibc']
        : undefined;
  return { os: [os], cpu: [CPU[cpu]], ...(libc && os === 'linux' ? { libc } : {}) };
}

/**
 * npm marks a package `dev` when only dev dependencies lead to it, and an
 * optional dependency inherits that from the packages that want it; after
 * `version` npm writes an entry's keys in alphabetical order.
 */
function stubEntry(version, platform, parents) {
  const dev = parents.every((parent) => parent.dev === true);
  const fields = { ...platform, optional: true, ...(dev ? { dev: true } : {}) };
  const sorted = Object.keys(fields)
    .sort()
    .map((key) => [key, fields[key]]);
  return { version, ...Object.fromEntries(sorted) };
}

const lockPath = path.join(ROOT, 'package-lock.json');
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const missing = new Map();
for (const [location, entry] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${dep}`;
    const nested = `${location ? `${location}/` : ''}node_modules/${dep}`;
    if (lock.packages[key] || lock.packages[nested]) continue;
    const platform = platformOf(dep);
    if (!platform) continue;
    const stub = missing.get(key) ?? { version, platform, parents: [] };
    stub.parents.push(entry);
    missing.set(key, stub);
  }
}
for (const [key, { version, platform, parents }] of missing) {
  lock.packages[key] = stubEntry(version, platform, parents);
}
const added = missing.size;
const sorted = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) =>
    a === '' ? -1 : b === '' ? 1 : a.localeCompare(b),
  ),
);
lock.packages = sorted;
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} optional platform entries added`);
