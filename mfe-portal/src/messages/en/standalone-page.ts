// The one text of the standalone page's own script (src/host), shown when the portal cannot start: apart, so that
// the script carries no catalogue.
export const standalonePage = {
  'portal.startFailed': 'The customer portal could not be started. Please reload the page.',
};
