// The federation runtime's packages, aliased to their ES module builds.
const fs = require('node:fs');
const path = require('node:path');

/** The federation runtime's packages a remote takes from the shell's page (files in ../federation/). */
const FROM_SHELL = {
  'webpack-bundler-runtime': 'bundler-runtime-from-shell.mjs',
  'error-codes': 'error-codes-from-shell.mjs',
};
const RUNTIME_PACKAGES = [
  'sdk',
  'runtime',
  'runtime-core',
  'webpack-bundler-runtime',
  'error-codes',
  'runtime-tools',
];

/**
 * The federation runtime as ES modules (size-savings.cjs, step 1). Rspack's federation runtime
 * requires its packages, which picks their CommonJS builds, and those cannot
 * be tree-shaken (the SDK's Node.js loaders, manifest and config helpers all
 * shipped). Aliased to the ESM builds, only what the browser runtime uses is
 * bundled, once, in the shell; a remote takes the bundler runtime and the
 * error messages from the shell's page instead of a copy of its own.
 */
function federationRuntimeEsm(isHost) {
  const alias = {};
  for (const name of RUNTIME_PACKAGES) {
    // Not require.resolve('…/package.json'): these packages do not export it.
    const main = require.resolve(`@module-federation/${name}`);
    const pkgDir = main.slice(0, main.lastIndexOf(`${path.sep}dist${path.sep}`));
    const entry = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8')).exports[
      '.'
    ].import.default;
    const fromShell = FROM_SHELL[name];
    const target =
      !isHost && fromShell
        ? path.join(__dirname, '../federation', fromShell)
        : path.join(pkgDir, entry);
    alias[`@module-federation/${name}$`] = target;
    // Rspack's federation plugin also requires some by their resolved (CommonJS) path.
    alias[`${main}$`] = target;
  }
  return alias;
}

module.exports = { federationRuntimeEsm };
