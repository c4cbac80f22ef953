const createAppConfig = require('../tools/webpack/create-app-config');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'catalog',
  devPort: 3001,
  exposes: {
    './routes': './src/routes.tsx',
    './mount': './src/mount.tsx',
  },
});
