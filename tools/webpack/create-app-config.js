// One webpack + Module Federation setup for the shell and every remote, so the apps cannot drift apart.
const path = require('node:path');
const { constants: zlib } = require('node:zlib');
const { DefinePlugin } = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const CompressionPlugin = require('compression-webpack-plugin');
const { ChunkGraphPlugin } = require('./chunk-graph-plugin');

/** The federation runtime core for pages that load a remote without the shell (see the file). */
const FEDERATION_RUNTIME = path.join(__dirname, 'federation-runtime.js');
const FEDERATION_RUNTIME_FILE = 'federation-runtime.js';

/** A remote's own page without the shell (`app.hostPage`): stable names, like the entries. */
const HOST_PAGE_SCRIPT = 'host-page.js';
const HOST_PAGE_HTML = 'host-page.html';

/** Every remote's manifest: its name, its pages bound to their components, its mount (docs/architecture.md). */
const REMOTE_MANIFEST = './src/remote.ts';
const CONSOLE_REMOTES = require('../../shared-kit/src/remotes.json');

/**
 * What a remote exposes: its manifest, as `./mount` for integrators and, for a console remote (remotes.json), as
 * `./routes` for the shell too (the customer portal's is mounted only); then any `extra` module (mfe-licensing's
 * licence table, for mfe-users).
 */
function exposesOf(name, extra = {}) {
  return { ...(name in CONSOLE_REMOTES ? { './routes': REMOTE_MANIFEST } : {}), './mount': REMOTE_MANIFEST, ...extra };
}

/** The browser half of react-router, shared in place of the whole package (see the file). */
const REACT_ROUTER_BROWSER = path.join(__dirname, 'react-router-browser.js');

/**
 * Brotli and gzip copies of every text asset, made once at build time so the server sends them as they are
 * (`preCompressed` in api-server's static serving) instead of compressing on every request.
 */
function precompressed() {
  const test = /\.(js|json|html|svg|css)$/;
  return [
    new CompressionPlugin({ test, algorithm: 'gzip', filename: '[path][base].gz', compressionOptions: { level: 9 } }),
    new CompressionPlugin({
      test,
      algorithm: 'brotliCompress',
      filename: '[path][base].br',
      compressionOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } },
    }),
  ];
}

/**
 * The shared singletons of DESIGN.md, with the versions the app itself declares. A remote with a page of its own
 * and no shell (`ownPage`: the customer portal) bundles shared-kit instead: no other app on its pages provides it,
 * and bundled it loses what the portal does not use (a shared module cannot be tree-shaken).
 */
function sharedSingletons(appDir, ownPage = false) {
  const { dependencies } = require(path.join(appDir, 'package.json'));
  const singleton = (name) => ({ singleton: true, requiredVersion: dependencies[name] });
  return {
    react: singleton('react'),
    'react/': singleton('react'),
    'react-dom': singleton('react-dom'),
    'react-dom/': singleton('react-dom'),
    'react-router': {
      ...singleton('react-router'),
      import: REACT_ROUTER_BROWSER,
      version: require('react-router/package.json').version,
    },
    'styled-components': singleton('styled-components'),
    swr: singleton('swr'),
    ...(ownPage
      ? {}
      : {
          'shared-kit': singleton('shared-kit'),
          // Their own shared modules, so what only the remotes use is not loaded with the shell's sign-in.
          'shared-kit/data': singleton('shared-kit'),
          'shared-kit/forms': singleton('shared-kit'),
        }),
  };
}

/**
 * @param {object} app
 * @param {string} app.dir           the app's folder
 * @param {string} app.name          identifier-safe federation name
 * @param {number} app.devPort       webpack-dev-server port
 * @param {Record<string,string>} [app.exposes]  a remote's modules besides its manifest (see exposesOf)
 * @param {boolean} [app.host]       the shell
 * @param {{ entry: string, template: string, publicPath: string, devPages: RegExp }} [app.hostPage]  a remote's own page
 *   without the shell (the customer portal's): a small script of its own (`host-page.js`, no React) and its HTML
 *   (`host-page.html`), loaded from `publicPath` in production; `devPages` are the addresses the dev server answers with it
 */
function createAppConfig(app) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    const config = {
      name: app.name,
      mode: production ? 'production' : 'development',
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      // A remote has no page of its own: only its container (remoteEntry.js) and what it exposes.
      entry: app.host ? path.join(app.dir, 'src/index.ts') : {},
      context: app.dir,
      output: {
        path: path.join(app.dir, 'dist'),
        publicPath: app.host ? '/' : 'auto',
        uniqueName: app.name,
        // Entry files keep stable names (the federation runtime needs them) and are served no-cache.
        filename: '[name].js',
        // The hash also in development: the shared react-router's provided copy and its fallback are two chunks
        // of the same name there.
        chunkFilename: '[name].[contenthash:8].js',
        clean: {
          keep: (file) =>
            [FEDERATION_RUNTIME_FILE, HOST_PAGE_SCRIPT, HOST_PAGE_HTML].some((kept) => file.startsWith(kept)),
        },
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js'],
        // Workspace packages are compiled from their TypeScript source.
        conditionNames: ['source', '...'],
        // The package itself, for react-router-browser.js only: the name `react-router` is the shared singleton.
        // compute-scroll-into-view (Downshift's) also exports its TypeScript as `source`: take its built file.
        alias: {
          'react-router-unshared$': 'react-router',
          'compute-scroll-into-view$': require.resolve('compute-scroll-into-view'),
        },
      },
      module: {
        rules: [
          {
            test: /\.[jt]sx?$/,
            exclude: /node_modules/,
            use: { loader: 'babel-loader', options: { rootMode: 'upward', cacheDirectory: true } },
            // A name missing from a module (e.g. from the shared react-router subset) fails the build.
            parser: { exportsPresence: 'error' },
          },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name: app.name,
          ...(app.host
            ? { remotes: {}, shareStrategy: 'loaded-first' }
            : { filename: 'remoteEntry.js', exposes: exposesOf(app.name, app.exposes) }),
          shared: sharedSingletons(app.dir, Boolean(app.hostPage)),
          manifest: true,
          dts: false,
          // target 'web' drops the runtime's Node.js loading code from every bundle. The shell provides the
          // runtime core to the remotes (globalThis._FEDERATION_RUNTIME_CORE), so no remoteEntry.js carries a copy.
          experiments: {
            asyncStartup: true,
            optimization: { target: 'web' },
            ...(app.host ? {} : { externalRuntime: true }),
          },
          ...(app.host ? { runtimePlugins: [FEDERATION_RUNTIME] } : {}),
        }),
        new ChunkGraphPlugin(),
        ...(app.host
          ? [
              new HtmlWebpackPlugin({
                template: path.join(app.dir, 'public/index.html'),
                favicon: path.join(app.dir, 'public/favicon.svg'),
              }),
            ]
          : []),
        ...(production ? precompressed() : []),
      ],
      performance: { hints: false },
      stats: 'errors-warnings',
      devServer: {
        port: app.devPort,
        host: '127.0.0.1',
        // A remote's own page (the portal's) is served in development as the API server serves it in production:
        // every page under its prefix gets the page, and the API is proxied to the same origin.
        historyApiFallback: app.host
          ? true
          : app.hostPage
            ? { rewrites: [{ from: app.hostPage.devPages, to: `/${HOST_PAGE_HTML}` }] }
            : false,
        headers: app.host ? {} : { 'Access-Control-Allow-Origin': '*' },
        static: app.host ? { directory: path.join(app.dir, 'public') } : false,
        proxy:
          app.host || app.hostPage
            ? [{ context: ['/api'], target: `http://127.0.0.1:${process.env.PORT || 8080}` }]
            : [],
      },
    };
    if (app.host) return config;
    // Beside each remote's remoteEntry.js, for pages without the shell: the runtime core it leaves out.
    const runtime = {
      name: `${app.name}-federation-runtime`,
      mode: config.mode,
      devtool: false,
      entry: FEDERATION_RUNTIME,
      context: app.dir,
      output: { path: config.output.path, filename: FEDERATION_RUNTIME_FILE, clean: false },
      plugins: [new DefinePlugin({ ENV_TARGET: JSON.stringify('web') }), ...(production ? precompressed() : [])],
      performance: { hints: false },
      stats: 'errors-warnings',
    };
    if (!app.hostPage) return [config, runtime];
    // The page that loads this remote without the shell (the portal's standalone page): plain script, no federation.
    const hostPage = {
      name: `${app.name}-host-page`,
      mode: config.mode,
      devtool: false,
      entry: path.join(app.dir, app.hostPage.entry),
      context: app.dir,
      // Where the server serves it in production; beside the remote on its dev server.
      output: {
        path: config.output.path,
        filename: HOST_PAGE_SCRIPT,
        publicPath: production ? app.hostPage.publicPath : '/',
        clean: false,
      },
      resolve: config.resolve,
      module: config.module,
      plugins: [
        new HtmlWebpackPlugin({
          template: path.join(app.dir, app.hostPage.template),
          filename: HOST_PAGE_HTML,
          scriptLoading: 'defer',
        }),
        ...(production ? precompressed() : []),
      ],
      performance: { hints: false },
      stats: 'errors-warnings',
    };
    return [config, runtime, hostPage];
  };
}

module.exports = createAppConfig;
module.exports.HOST_PAGE_SCRIPT = HOST_PAGE_SCRIPT;
module.exports.HOST_PAGE_HTML = HOST_PAGE_HTML;
module.exports.exposesOf = exposesOf;
