import { ShownOnceSecretDialog, type CreatedApiKey } from 'shared-kit';

export const KEY_SHOWN_ONCE = 'Copy the key now: you will not see it again.';

/** The new key's secret, the only time the server shows it; closing the dialog forgets it. */
export function KeySecretDialog({ apiKey, onClose }: { apiKey: CreatedApiKey; onClose: () => void }) {
  const shown = {
    title: 'API Key Created',
    description: `Programs send it as "Authorization: Bearer <key>". It is listed later by its prefix ${apiKey.prefix}… only.`,
    warning: KEY_SHOWN_ONCE,
    secret: apiKey.secret,
    secretLabel: 'API key',
    copyLabel: 'Copy key',
    width: '600px',
  };
  return <ShownOnceSecretDialog shown={shown} onClose={onClose} />;
}
