const { createRspackConfig } = require('@panel/shared/build/create-rspack-config.cjs');

module.exports = createRspackConfig({
  appDir: __dirname,
  federationName: 'mfe_auth',
  devPort: 3001,
  exposes: {
    './LoginPage': './src/exposed/login-page.tsx',
    './RegisterPage': './src/exposed/register-page.tsx',
    './ForgotPasswordPage': './src/exposed/forgot-password-page.tsx',
  },
});
