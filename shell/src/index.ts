import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { loadRuntimeConfig } from './app/runtime-config';
import { registerRemoteUrls } from './remotes/load-remote-routes';

async function start(root: HTMLElement) {
  try {
    const config = await loadRuntimeConfig();
    registerRemoteUrls(config.remotes);
    createRoot(root).render(createElement(App, { config }));
  } catch (error) {
    console.error('ProductHub could not start:', error);
    root.innerHTML =
      '<div role="alert" style="padding:24px;font-family:sans-serif"><h1>ProductHub could not start</h1>' +
      '<p>Its configuration could not be loaded. Check your connection and reload the page.</p>' +
      '<button type="button" onclick="location.reload()">Reload</button></div>';
  }
}

void start(document.getElementById('root')!);
