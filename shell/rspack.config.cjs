const { createRspackConfig } = require('@panel/shared/build/create-rspack-config.cjs');

// The host: no remote URL is compiled in; remotes come from /remotes.json at run time.
// Federation name and port: apps.json at the root.
module.exports = createRspackConfig({ appDir: __dirname });
