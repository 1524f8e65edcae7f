const { createRspackConfig } = require('@panel/shared/build/create-rspack-config.cjs');

// Federation name, port and exposed pages: apps.json at the root.
module.exports = createRspackConfig({ appDir: __dirname });
