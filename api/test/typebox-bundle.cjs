// TypeBox 1 ships as about 700 small ES modules. Jest gives every test file a
// module registry of its own, so each file resolved, looked up and ran all of
// them again, and every Fastify plugin registration then walked a
// require.cache that large (Fastify looks a plugin's name up there). The
// entry points the API loads are bundled here once into one CommonJS file
// (with esbuild, which tsx brings), and jest.config.cjs maps them to it: the
// same TypeBox code, one module per file run instead of ~700. One bundle for
// all entry points, so they share one copy of TypeBox's state (its formats).
const {
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} = require('node:fs');
const path = require('node:path');

/** The subpaths of `typebox` the API and its plugins import ('' is the package itself). */
const ENTRIES = ['', 'compile', 'format', 'value'];

const fileOf = (entry) => `${entry || 'typebox'}.cjs`;

function build(root, dir) {
  const esbuild = require(
    require.resolve('esbuild', { paths: [path.dirname(require.resolve('tsx/package.json'))] }),
  );
  const work = `${dir}.${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const ids = ENTRIES.map((_, i) => `entry${i}`);
  esbuild.buildSync({
    stdin: {
      contents: ENTRIES.map(
        (entry, i) => `export * as ${ids[i]} from 'typebox${entry && `/${entry}`}';`,
      ).join('\n'),
      resolveDir: root,
    },
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'es2022',
    outfile: path.join(work, 'bundle.cjs'),
    logLevel: 'error',
  });
  ENTRIES.forEach((entry, i) =>
    // As swc's CommonJS output of an ES module: marked, so a default import gets `default`.
    writeFileSync(
      path.join(work, fileOf(entry)),
      `const entry = require('./bundle.cjs').${ids[i]};\n` +
        "Object.defineProperty(entry, '__esModule', { value: true });\n" +
        'module.exports = entry;\n',
    ),
  );
  try {
    renameSync(work, dir);
  } catch (error) {
    // Another Jest run made it first.
    rmSync(work, { recursive: true, force: true });
    if (!existsSync(dir)) throw error;
  }
}

/** moduleNameMapper entries sending `typebox` and its subpaths to the bundle (made on first use). */
function typeboxModuleNameMapper() {
  const root = path.resolve(path.dirname(require.resolve('typebox')), '..');
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const dir = path.join(
    root,
    '..',
    '.cache',
    'api-jest',
    `typebox-${version}-${ENTRIES.map((e) => e || 'index').join('-')}`,
  );
  if (!existsSync(dir)) build(root, dir);
  const known = ENTRIES.filter(Boolean).join('|');
  return {
    '^typebox$': path.join(dir, fileOf('')),
    [`^typebox/(${known})$`]: path.join(dir, '$1.cjs'),
    // Any other subpath would load a second TypeBox beside the bundle's.
    '^typebox/(.*)$': path.join(dir, 'add-$1-to-ENTRIES-in-test-typebox-bundle.cjs'),
  };
}

module.exports = { typeboxModuleNameMapper };
