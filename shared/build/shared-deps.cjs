// The Module Federation shared map: one copy of each of these in the page.
// Every subpath imported anywhere must be listed on its own, or a remote
// would bundle its own copy of it (and with it a second store or React).
const path = require('node:path');

const rootModules = path.resolve(__dirname, '../../node_modules');

function versionOf(name) {
  return require(path.join(rootModules, name, 'package.json')).version;
}

const singletons = {
  react: ['react', 'react/jsx-runtime', 'react/jsx-dev-runtime'],
  'react-dom': ['react-dom', 'react-dom/client'],
  'react-router-dom': ['react-router-dom'],
  'react-redux': ['react-redux'],
  '@reduxjs/toolkit': [
    '@reduxjs/toolkit',
    '@reduxjs/toolkit/query',
    '@reduxjs/toolkit/query/react',
  ],
  // The toast container lives in the shell; remotes must reach the same event bus.
  'react-toastify': ['react-toastify'],
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
  shared['@panel/shared'] = {
    singleton: true,
    requiredVersion: `^${sharedPkg.version}`,
    version: sharedPkg.version,
  };
  return shared;
}

module.exports = { sharedDependencies };
