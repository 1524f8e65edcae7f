const { createRspackConfig } = require('@panel/shared/build/create-rspack-config.cjs');

module.exports = createRspackConfig({
  appDir: __dirname,
  federationName: 'mfe_requests',
  devPort: 3003,
  exposes: {
    './RequestsPage': './src/exposed/requests-page.tsx',
  },
});
