const { createRspackConfig } = require('@panel/shared/build/create-rspack-config.cjs');

module.exports = createRspackConfig({
  appDir: __dirname,
  federationName: 'mfe_shops',
  devPort: 3004,
  exposes: {
    './ShopListPage': './src/exposed/shop-list-page.tsx',
    './ProfilePage': './src/exposed/profile-page.tsx',
  },
});
