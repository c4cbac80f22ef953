// What browser activation says, in plain words (docs/client-integration.md, docs/portal.md).

export const REQUEST_NOT_FOUND = 'Activation request';
export const PORTAL_SWITCHED_OFF_FOR_PRODUCT =
  "This product's customer portal is switched off, so it cannot be activated in the browser: activate it with its serial instead.";

export const POLL_WORDS = {
  authorization_pending: 'Waiting for the customer to approve the request in the browser.',
  slow_down: 'Polling too fast: wait the interval before asking again.',
  expired_token: 'The activation request has expired: start a new one.',
  access_denied: 'The customer refused the activation request.',
} as const;

export const CODE_NOT_FOUND =
  'There is no activation request with this code. Check the code your plugin shows and type it again.';
export const CODE_EXPIRED =
  'This code has expired (codes last 10 minutes). Start the activation in your plugin again to get a new code.';
export const CODE_USED =
  'This code has already been used. Start the activation in your plugin again if you need a new one.';
export const LICENSE_OF_OTHER_PRODUCT = 'License';
export const TOO_MANY_LOOKUPS = (wait: string) => `Too many codes tried. Please wait ${wait} and try again.`;
