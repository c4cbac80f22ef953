import styled from 'styled-components';
import { Button, CopyButton, Dialog, type CreatedApiKey } from 'shared-kit';

export const KEY_SHOWN_ONCE = 'Copy the key now: you will not see it again.';

const Secret = styled.code`
  display: block;
  padding: ${({ theme }) => theme.spacing.sm};
  background: ${({ theme }) => theme.colors.background};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.normal};
  overflow-wrap: anywhere;
`;

const Warning = styled.p`
  margin: 0;
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

/** The new key's secret, the only time the server shows it; closing the dialog forgets it. */
export function KeySecretDialog({ apiKey, onClose }: { apiKey: CreatedApiKey; onClose: () => void }) {
  return (
    <Dialog
      open
      width="600px"
      onOpenChange={(open) => !open && onClose()}
      title="API Key Created"
      description={`Programs send it as "Authorization: Bearer <key>". It is listed later by its prefix ${apiKey.prefix}… only.`}
      footer={
        <Button variant="primary" onClick={onClose}>
          Done
        </Button>
      }
    >
      <Warning>{KEY_SHOWN_ONCE}</Warning>
      <Secret aria-label="API key">{apiKey.secret}</Secret>
      <div>
        <CopyButton value={apiKey.secret} label="Copy key" />
      </div>
    </Dialog>
  );
}
