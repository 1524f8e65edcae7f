const { createRspackConfig } = require('@panel/shared/build/create-rspack-config.cjs');

module.exports = createRspackConfig({
  appDir: __dirname,
  federationName: 'mfe_dashboard',
  devPort: 3002,
  exposes: {
    './HomePage': './src/exposed/home-page.tsx',
    './LoansPage': './src/exposed/loans-page.tsx',
    './ReturnsPage': './src/exposed/returns-page.tsx',
    './ContainersPage': './src/exposed/containers-page.tsx',
  },
});
