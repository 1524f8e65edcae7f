// Which modules belong to @panel/shared's lazy half (the shell's `lazy-shared`
// chunk, see size-savings.cjs): the data layer (@panel/shared/data's own
// files and the packages only it uses), the logged-in pages' building
// blocks and texts (@panel/shared/page-ui, with their CSS modules, and the
// forms' react-hook-form, resolver and TypeBox) and the contract's schemas
// (@panel/shared/contract). Left out, the forms' packages would form a chunk
// of their own that the login page preloads.
const fs = require('node:fs');
const path = require('node:path');

const LAZY_PACKAGES = [
  '@reduxjs',
  'immer',
  'redux',
  'redux-thunk',
  'reselect',
  'react-redux',
  'use-sync-external-store',
  '@standard-schema',
  'react-hook-form',
  '@hookform',
  'typebox',
];
const LAZY_ENTRIES = ['page-ui.ts', 'data.ts', 'contract.ts'];

/**
 * The files those entries re-export (`./ui/panel`, `./format/csv`,
 * `./store/hooks`…), read from them so the two cannot drift apart.
 */
function lazySharedFiles() {
  return LAZY_ENTRIES.flatMap((entry) =>
    [
      ...fs
        .readFileSync(path.join(__dirname, '../../src', entry), 'utf8')
        .matchAll(/from '\.\/([\w/-]+)'/g),
    ].map((match) => match[1].replace(/[/]/g, String.raw`[\\/]`)),
  );
}

function lazySharedModules() {
  const entries = LAZY_ENTRIES.map((entry) => entry.replace('.', String.raw`\.`)).join('|');
  return new RegExp(
    String.raw`[\\/](?:node_modules[\\/](?:${LAZY_PACKAGES.join('|')})[\\/]|shared[\\/]src[\\/](?:${entries}|store[\\/]|api[\\/]endpoints[\\/]|(?:${lazySharedFiles().join('|')})(?:\.tsx?|\.module\.css)$))`,
  );
}

module.exports = { lazySharedModules };
