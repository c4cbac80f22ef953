import { ShownOnceSecretDialog, type CreatedWebhookEndpoint } from 'shared-kit';

export const SECRET_SHOWN_ONCE = 'Copy the signing secret now: you will not see this again.';

/** The new endpoint's signing secret, the only time the server shows it. */
export function SecretDialog({ endpoint, onClose }: { endpoint: CreatedWebhookEndpoint; onClose: () => void }) {
  const shown = {
    title: 'Endpoint Added',
    description: `Receivers at ${endpoint.url} verify each event's signature with this secret (Standard Webhooks).`,
    warning: SECRET_SHOWN_ONCE,
    secret: endpoint.secret,
    secretLabel: 'Signing secret',
    copyLabel: 'Copy secret',
    width: '560px',
  };
  return <ShownOnceSecretDialog shown={shown} onClose={onClose} />;
}
