// Jest's node environment, with V8's code cache kept across the test files
// of one worker. Every file gets a fresh module registry, so each file
// compiles Fastify, TypeBox, Kysely and the app again from source (about
// 1,700 modules, the same text each time): with the cache, a worker compiles
// a module once and then only reads the compiled code back. Modules still run
// afresh in every file; only the compile step is shared.
const vm = require('node:vm');
const { TestEnvironment } = require('jest-environment-node');

const PATCHED = Symbol.for('panel.api-test.code-cache');

if (!vm.compileFunction[PATCHED]) {
  const compileFunction = vm.compileFunction;
  /** filename -> the code compiled and V8's cache of it */
  const cache = new Map();
  const cached = function (code, params, options = {}) {
    const filename = options.filename;
    const hit = filename === undefined ? undefined : cache.get(filename);
    // V8 checks the cache against the source too; a changed text compiles anew.
    if (hit && hit.code === code)
      return compileFunction.call(this, code, params, { ...options, cachedData: hit.data });
    const fn = compileFunction.call(this, code, params, { ...options, produceCachedData: true });
    if (filename !== undefined && fn.cachedData) cache.set(filename, { code, data: fn.cachedData });
    return fn;
  };
  cached[PATCHED] = true;
  vm.compileFunction = cached;
}

module.exports = TestEnvironment;
