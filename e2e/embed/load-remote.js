// The container protocol every embedding page follows, plain browser JavaScript: the federation runtime the remotes
// share (the console provides it; here, the file beside remoteEntry.js), then the remote's entry, which defines a
// global container named after the remote; answers the remote's `./mount` module.
window.loadProductHubMount = async function loadProductHubMount(remoteEntry, remoteName) {
  const loadScript = (src) =>
    new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.onload = resolve;
      script.onerror = () => reject(new Error('Could not load ' + src));
      document.head.appendChild(script);
    });
  await loadScript(new URL('federation-runtime.js', remoteEntry).href);
  await loadScript(remoteEntry);
  const container = window[remoteName];
  await container.init({});
  return (await container.get('./mount'))();
};
