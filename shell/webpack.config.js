const createAppConfig = require('../tools/webpack/create-app-config');

module.exports = createAppConfig({ dir: __dirname, name: 'shell', devPort: 3000, host: true });
