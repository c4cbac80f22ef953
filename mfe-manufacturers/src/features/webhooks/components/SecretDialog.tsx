import styled from 'styled-components';
import { Button, CopyButton, Dialog, type CreatedWebhookEndpoint } from 'shared-kit';

export const SECRET_SHOWN_ONCE = 'Copy the signing secret now: you will not see this again.';

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

/** The new endpoint's signing secret, the only time the server shows it. */
export function SecretDialog({ endpoint, onClose }: { endpoint: CreatedWebhookEndpoint; onClose: () => void }) {
  return (
    <Dialog
      open
      width="560px"
      onOpenChange={(open) => !open && onClose()}
      title="Endpoint Added"
      description={`Receivers at ${endpoint.url} verify each event's signature with this secret (Standard Webhooks).`}
      footer={
        <Button variant="primary" onClick={onClose}>
          Done
        </Button>
      }
    >
      <Warning>{SECRET_SHOWN_ONCE}</Warning>
      <Secret aria-label="Signing secret">{endpoint.secret}</Secret>
      <div>
        <CopyButton value={endpoint.secret} label="Copy secret" />
      </div>
    </Dialog>
  );
}
