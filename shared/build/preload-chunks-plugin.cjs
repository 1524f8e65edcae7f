// Adds <link rel="preload" as="script"> for every script of the shell's build
// to its index.html, so the browser fetches them with the page, in parallel,
// instead of discovering them one level at a time (main.js, then the chunks
// its federation runtime and async boundary ask for). The shell has no lazy
// code of its own (its pages are remotes): all of its scripts run at start.
//
// The chunk loader asks for each chunk with the SHA-384 Rspack's
// SubresourceIntegrityPlugin compiled into it and crossorigin="anonymous", so
// each preload carries the same integrity and crossorigin: a preload that
// differs in either is a separate request the loader cannot reuse (Chrome
// downloads the chunk twice and warns of an integrity mismatch).
const { createHash } = require('node:crypto');
const { rspack } = require('@rspack/core');

const sriOf = (bytes) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

class PreloadChunksPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PreloadChunksPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PreloadChunksPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const html = compilation.getAsset('index.html');
          if (!html) return;
          const { publicPath, crossOriginLoading } = compilation.outputOptions;
          const crossorigin = crossOriginLoading ? ` crossorigin="${crossOriginLoading}"` : '';
          const text = html.source.source().toString();
          const links = compilation
            .getAssets()
            .filter(({ name }) => name.endsWith('.js') && !text.includes(`${publicPath}${name}"`))
            .sort((a, b) => a.name.localeCompare(b.name))
            .map(
              ({ name, source }) =>
                `<link rel="preload" href="${publicPath}${name}" as="script"${crossorigin} integrity="${sriOf(source.buffer())}">`,
            )
            .join('');
          compilation.updateAsset(
            'index.html',
            new rspack.sources.RawSource(text.replace('</head>', `${links}</head>`)),
          );
        },
      );
    });
  }
}

module.exports = { PreloadChunksPlugin };
