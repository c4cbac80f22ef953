const createAppConfig = require('../tools/webpack/create-app-config');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'licensing',
  devPort: 3002,
  exposes: {
    './routes': './src/routes.tsx',
    './mount': './src/mount.tsx',
    './license-table': './src/features/licenses/components/LicenseTable.tsx',
  },
});
