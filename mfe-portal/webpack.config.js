const createAppConfig = require('../tools/webpack/create-app-config');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'portal',
  devPort: 3005,
  // Only ./mount: the staff shell never loads this remote, so it has no ./routes for it.
  exposes: { './mount': './src/mount.tsx' },
  // The standalone page the API server answers at /portal/<slug>/... (api-server/src/plugins/static-apps.ts),
  // loading this remote from where the server serves it.
  hostPage: { entry: 'src/host/host-page.ts', template: 'public/host-page.html', publicPath: '/remotes/mfe-portal/' },
});
