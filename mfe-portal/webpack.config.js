const createAppConfig = require('../tools/webpack/create-app-config');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'portal',
  devPort: 3005,
  // The standalone page the API server answers at /portal/<slug>/... (api-server/src/plugins/static-apps.ts),
  // loading this remote from where the server serves it.
  // In `npm run dev`: http://127.0.0.1:3005/portal/<slug>/.
  hostPage: {
    entry: 'src/host/host-page.ts',
    template: 'public/host-page.html',
    publicPath: '/remotes/mfe-portal/',
    devPages: /^\/portal\//,
  },
});
