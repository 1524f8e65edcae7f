// Adds <link rel="preload" as="script"> for every script of the shell's build
// (and as="style" for its stylesheets) to its index.html, so the browser
// fetches them with the page, in parallel,
// instead of discovering them one level at a time (main.js, then the chunks
// its federation runtime and async boundary ask for). Not the chunks of
// chunk groups named `lazy-…` (the logged-in layout, react-toastify with the
// toast container) nor chunks named so (the data layer, see
// create-rspack-config): the login form does not need them, they are
// fetched when first used or once the form is up.
//
// The chunk loader asks for each chunk with the SHA-384 Rspack's
// SubresourceIntegrityPlugin compiled into it and crossorigin="anonymous", so
// each preload carries the same integrity and crossorigin: a preload that
// differs in either is a separate request the loader cannot reuse (Chrome
// downloads the chunk twice and warns of an integrity mismatch).
const { createHash } = require('node:crypto');
const { rspack } = require('@rspack/core');

const LAZY_GROUP = /^lazy-/;

/** Files of chunks named `lazy-…` or that belong only to `lazy-…` chunk groups. */
function lazyFiles(compilation) {
  const files = new Set();
  for (const chunk of compilation.chunks) {
    const groups = [...chunk.groupsIterable];
    const inLazyGroups =
      groups.length > 0 && groups.every((group) => LAZY_GROUP.test(group.name ?? ''));
    if (inLazyGroups || LAZY_GROUP.test(chunk.name ?? '')) {
      for (const file of chunk.files) files.add(file);
    }
  }
  return files;
}

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
          const later = lazyFiles(compilation);
          const kindOf = (name) =>
            name.endsWith('.js') ? 'script' : name.endsWith('.css') ? 'style' : null;
          const links = compilation
            .getAssets()
            .filter(
              ({ name }) =>
                kindOf(name) && !later.has(name) && !text.includes(`${publicPath}${name}"`),
            )
            .sort((a, b) => a.name.localeCompare(b.name))
            .map(
              ({ name, source }) =>
                `<link rel="preload" href="${publicPath}${name}" as="${kindOf(name)}"${crossorigin} integrity="${sriOf(source.buffer())}">`,
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
