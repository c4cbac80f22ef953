const createAppConfig = require('../tools/webpack/create-app-config');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'licensing',
  devPort: 3002,
  // Besides its manifest (./routes, ./mount): the licence table that mfe-users' user details show.
  exposes: { './license-table': './src/features/licenses/components/LicenseTable.tsx' },
});
