// Writes file.br and file.gz next to every text asset of a production build,
// so the static servers (sirv) send compressed bytes without compressing on
// each request. Build time is the one place maximum compression is affordable:
// the .gz files are made by Zopfli, which writes ordinary gzip 3-4 % smaller
// than zlib's level 9 (126.0 -> 122.1 kB for the login page's JS) at about
// 1 s a megabyte, once per release build.
const { readdir, readFile, writeFile } = require('node:fs/promises');
const path = require('node:path');
const { promisify } = require('node:util');
const zlib = require('node:zlib');

const { gzipAsync: zopfliGzip } = require('@gfx/zopfli');

const brotli = promisify(zlib.brotliCompress);

// WebAssembly too: the camera decoder's 1 MB compresses to about a third.
const COMPRESSIBLE = /\.(?:js|css|html|json|svg|wasm)$/;
// Below this, headers outweigh what compression saves.
const MIN_BYTES = 1024;

async function precompressFile(file) {
  const data = await readFile(file);
  if (data.length < MIN_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    zopfliGzip(data, { numiterations: 15 }),
  ]);
  if (br.length < data.length) await writeFile(`${file}.br`, br);
  if (gz.length < data.length) await writeFile(`${file}.gz`, gz);
}

/** Every compressible file of the output folder, whichever plugin wrote it (the federation manifest too). */
async function precompressFolder(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  await Promise.all(files.map(precompressFile));
}

class PrecompressPlugin {
  apply(compiler) {
    compiler.hooks.done.tapPromise('PrecompressPlugin', async (stats) => {
      if (stats.hasErrors()) return;
      await precompressFolder(stats.compilation.outputOptions.path);
    });
  }
}

module.exports = { PrecompressPlugin, precompressFolder };
