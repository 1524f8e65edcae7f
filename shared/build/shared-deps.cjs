// The Module Federation shared map: one copy of each of these in the page.
// Every subpath imported anywhere must be listed on its own, or a remote
// would bundle its own copy of it (and with it a second React or router).
//
// Shared is only what a remote's own code must reach as the one instance
// (React, the router) and @panel/shared itself. Redux Toolkit, react-redux
// and react-toastify are used at run time only inside @panel/shared (the API
// slice, the store hooks and Provider in @panel/shared/data, notify) and by
// the shell (its ToastContainer): they travel inside the one @panel/shared and the shell,
// tree-shaken to what those use, instead of as whole shared packages.
// Remotes import them for types only (ESLint enforces it).
const path = require('node:path');

const rootModules = path.resolve(__dirname, '../../node_modules');

function versionOf(name) {
  return require(path.join(rootModules, name, 'package.json')).version;
}

/** The shared modules the login page does not need: the shell provides them from a lazy chunk. */
const LAZY_SHARED = ['@panel/shared/data', '@panel/shared/page-ui', '@panel/shared/contract'];

const singletons = {
  react: ['react', 'react/jsx-runtime', 'react/jsx-dev-runtime'],
  'react-dom': ['react-dom', 'react-dom/client'],
  'react-router-dom': ['react-router-dom'],
};

function sharedDependencies() {
  const shared = {};
  for (const [pkg, entries] of Object.entries(singletons)) {
    const version = versionOf(pkg);
    for (const entry of entries) {
      shared[entry] = { singleton: true, requiredVersion: `^${version}`, version };
    }
  }
  const sharedPkg = require('../package.json');
  // Four shared modules: what the login page needs, and three it does not
  // (the data layer with Redux Toolkit, the logged-in pages' building
  // blocks, the contract's schemas), which the shell fetches once the login
  // form is up.
  for (const entry of ['@panel/shared', ...LAZY_SHARED]) {
    shared[entry] = {
      singleton: true,
      requiredVersion: `^${sharedPkg.version}`,
      version: sharedPkg.version,
    };
  }
  return shared;
}

/**
 * The shared-runtime contract between the shell and a remote. A remote's
 * entry is built with `externalRuntime`: it carries no federation runtime
 * and calls the one the shell put on the page, in the share scope both use.
 * Its generated container code follows the runtime's API of the version it
 * was built with, so the shell's runtime must be of that major and at least
 * that minor (a minor adds to the API the container may call; a patch does
 * not change it).
 * @param {string} [builtWith] another version to record (a test fault), else the installed one
 */
function federationRuntime(builtWith) {
  const version = builtWith || versionOf('@module-federation/runtime-core');
  const [major, minor] = version.split('.');
  return { version, requiredVersion: `^${major}.${minor}.0`, shareScope: 'default' };
}

/**
 * What the shell's page provides on its `_FEDERATION_BUNDLER_RUNTIME` global
 * for the remotes' builds (shared/build/federation/*-from-shell.mjs), as a
 * level a contract records: 1 the bundler runtime (contracts of that time
 * record `true`), 2 also the runtime's error messages. A remote built at a
 * level needs a shell that provides at least that level.
 */
const PROVIDED_BY_SHELL_LEVEL = 2;

module.exports = { LAZY_SHARED, PROVIDED_BY_SHELL_LEVEL, federationRuntime, sharedDependencies };
