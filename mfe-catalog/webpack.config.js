const createAppConfig = require('../tools/webpack/create-app-config');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'catalog',
  devPort: 3001,
});
