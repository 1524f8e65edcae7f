const { createRspackConfig } = require('@panel/shared/build/create-rspack-config.cjs');

// The host: no remote URL is compiled in; remotes come from /remotes.json at run time.
module.exports = createRspackConfig({
  appDir: __dirname,
  federationName: 'shell',
  devPort: 3000,
  isHost: true,
});
