// Adds <link rel="preload" as="script"> for every script of the shell's build
// to its index.html, so the browser fetches them with the page, in parallel,
// instead of discovering them one level at a time (main.js, then the chunks
// its federation runtime and async boundary ask for). The shell has no lazy
// code of its own (its pages are remotes): all of its scripts run at start.
const { rspack } = require('@rspack/core');

class PreloadChunksPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PreloadChunksPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PreloadChunksPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const html = compilation.getAsset('index.html');
          if (!html) return;
          const publicPath = compilation.outputOptions.publicPath;
          const text = html.source.source().toString();
          const links = compilation
            .getAssets()
            .map((asset) => asset.name)
            .filter((name) => name.endsWith('.js') && !text.includes(`${publicPath}${name}"`))
            .sort()
            .map((name) => `<link rel="preload" href="${publicPath}${name}" as="script">`)
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
