// A vendor's glue for the customer portal, plain browser JavaScript. Settings come from /portal-embed-config.json:
// { "apiBaseUrl": "https://hub.example.com/api/v1", "remoteEntry": "https://cdn.example.com/mfe-portal/1.0.0/remoteEntry.js", "manufacturer": "aurora-audio" }
// The portal's pages live under /support/portal on the vendor's site (every path there answers this page).
(async function embedCustomerPortal() {
  const config = await (await fetch('/portal-embed-config.json', { cache: 'no-cache' })).json();
  // The portal's container is a global named `portal`.
  const { mount } = await window.loadProductHubMount(config.remoteEntry, 'portal');
  mount(document.getElementById('customer-portal'), {
    apiBaseUrl: config.apiBaseUrl,
    manufacturer: config.manufacturer,
    basePath: '/support/portal',
    theme: { font: { family: 'Georgia, serif' } },
  });
})().catch((error) => {
  document.getElementById('portal-status').textContent = 'Your account could not be loaded: ' + error.message;
});
