// The integrator's glue, plain browser JavaScript. Settings come from /embed-config.json:
// { "apiBaseUrl": "https://hub.example.com/api/v1", "remotes": { "licensing": ".../remoteEntry.js", "users": ".../remoteEntry.js" } }
// The first path segment picks the area: /licences/ProductLicenses/{id}/{name}/{identifier} or /users/Users.
(async function embedProductHub() {
  const AREAS = { licences: 'licensing', users: 'users' };
  const basePath = '/' + location.pathname.split('/')[1];
  const remoteName = AREAS[basePath.slice(1)];
  const status = document.getElementById('session-status');
  const signInAgain = document.getElementById('sign-in-again');
  const element = document.getElementById('producthub');
  if (!remoteName) {
    status.textContent = 'Open /licences/... or /users/...';
    return;
  }
  const config = await (await fetch('/embed-config.json', { cache: 'no-cache' })).json();

  // The token provider: called before every request, so a renewed token is used at once.
  window.tokenProviderCalls = 0;
  const tokenProvider = () => {
    window.tokenProviderCalls += 1;
    return sessionStorage.getItem('producthub_token') || undefined;
  };

  const { mount } = await window.loadProductHubMount(config.remotes[remoteName], remoteName);

  let unmount;
  function mountArea() {
    unmount = mount(element, {
      apiBaseUrl: config.apiBaseUrl,
      token: tokenProvider,
      basePath,
      remotes: config.remotes,
      onUnauthorized() {
        status.textContent = 'Your ProductHub session has expired. Sign in again.';
        signInAgain.hidden = false;
      },
    });
  }
  signInAgain.addEventListener('click', () => {
    signInAgain.hidden = true;
    status.textContent = '';
    unmount();
    mountArea();
  });
  mountArea();
})().catch((error) => {
  document.getElementById('session-status').textContent = 'ProductHub could not be loaded: ' + error.message;
});
