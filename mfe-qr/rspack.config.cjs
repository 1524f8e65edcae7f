const { createRspackConfig } = require('@panel/shared/build/create-rspack-config.cjs');

module.exports = createRspackConfig({
  appDir: __dirname,
  federationName: 'mfe_qr',
  devPort: 3005,
  exposes: {
    './QrPage': './src/exposed/qr-page.tsx',
  },
});
