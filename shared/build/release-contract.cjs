// What a build publishes for the release gate and the integrity check:
//
// - contract.json, in the build folder beside mf-manifest.json: for a remote,
//   what it exposes, the shared singletons it requires (and at which
//   versions) and the RTK Query endpoint names it injects; for the shell,
//   the versions it provides, the pages its route table loads from each
//   remote and the endpoints it (and @panel/shared) injects.
// - <build folder>.integrity.json, beside (not inside) the build folder: the
//   SHA-384 of every script, the manifest and the contract, so files changed
//   in the served folder after the build cannot also change their record.
//
// panel-server/src/release.ts compares contracts (panel-server/src/releases/contract-gate.ts) and
// copies the record into deploy/releases.json.
const { createHash } = require('node:crypto');
const { existsSync, readFileSync, readdirSync, writeFileSync } = require('node:fs');
const path = require('node:path');

/** Files whose bytes the browser checks (scripts) or the runtime fetches (manifest). */
const HASHED = /(?:\.js|^mf-manifest\.json|^contract\.json)$/;

function sriOf(bytes) {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}

/** `{ 'remoteEntry.js': 'sha384-…', 'mf-manifest.json': …, '<chunk>.js': … }` of a build folder. */
function hashFolder(dir) {
  const files = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !HASHED.test(entry.name)) continue;
    const full = path.join(entry.parentPath, entry.name);
    files[path.relative(dir, full).split(path.sep).join('/')] = sriOf(readFileSync(full));
  }
  return Object.fromEntries(Object.entries(files).sort(([a], [b]) => a.localeCompare(b)));
}

/** Where a build folder's integrity record lives: next to the folder, not in it. */
function integrityRecordPath(dir) {
  return `${path.resolve(dir)}.integrity.json`;
}

/**
 * Endpoint names injected with `api.injectEndpoints` in a folder's sources:
 * the keys written as `name: build.query(…)` / `build.mutation(…)` /
 * `build.infiniteQuery(…)` in files that call injectEndpoints.
 */
function scanEndpoints(srcDirs) {
  const names = new Set();
  for (const dir of srcDirs) {
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.[jt]sx?$/.test(entry.name)) continue;
      const full = path.join(entry.parentPath, entry.name);
      if (/[\\/]__tests__[\\/]|[\\/]testing[\\/]/.test(full)) continue;
      const text = readFileSync(full, 'utf8');
      if (!text.includes('injectEndpoints')) continue;
      for (const match of text.matchAll(
        /\b([A-Za-z_$][\w$]*)\s*:\s*build\.(?:query|mutation|infiniteQuery)\s*[<(]/g,
      )) {
        names.add(match[1]);
      }
    }
  }
  return [...names].sort();
}

/**
 * Writes contract.json into the build folder and the integrity record beside
 * it once the build is done (before PrecompressPlugin, so contract.json gets
 * its .br/.gz too).
 */
class ReleaseContractPlugin {
  /**
   * @param {object} options
   * @param {() => object} options.contract the build's contract, endpoints excluded
   * @param {string[]} options.srcDirs folders scanned for injected endpoints
   */
  constructor(options) {
    this.options = options;
  }

  apply(compiler) {
    compiler.hooks.done.tap('ReleaseContractPlugin', (stats) => {
      if (stats.hasErrors()) return;
      const dir = stats.compilation.outputOptions.path;
      const contract = {
        ...this.options.contract(),
        endpoints: scanEndpoints(this.options.srcDirs),
      };
      writeFileSync(path.join(dir, 'contract.json'), `${JSON.stringify(contract, null, 2)}\n`);
      writeFileSync(
        integrityRecordPath(dir),
        `${JSON.stringify({ files: hashFolder(dir) }, null, 2)}\n`,
      );
    });
  }
}

module.exports = { ReleaseContractPlugin, hashFolder, integrityRecordPath, scanEndpoints, sriOf };
