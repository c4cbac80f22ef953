import { useState } from 'react';
import styled from 'styled-components';
import { Button, CopyButton, Dialog, type WebhookDelivery } from 'shared-kit';

/** The payload laid out to read; the copy is the body exactly as signed, so a receiver's check can be replayed. */
export function readablePayload(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

// A big payload scrolls inside its own box (keyboard-reachable: it is focusable) instead of stretching the dialog.
const Block = styled.pre`
  max-height: min(60vh, 480px);
  margin: 0;
  padding: ${({ theme }) => theme.spacing.sm};
  overflow: auto;
  background: ${({ theme }) => theme.colors.background};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.normal};
  font-size: ${({ theme }) => theme.font.size.small};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

/** Opens one delivery's payload: what was signed and sent, in a scrollable block with a copy button. */
export function PayloadButton({ delivery }: { delivery: WebhookDelivery }) {
  const [open, setOpen] = useState(false);
  const title = `Payload of delivery ${delivery.id}`;
  return (
    <>
      <Button size="small" aria-label={title} onClick={() => setOpen(true)}>
        Payload
      </Button>
      {open && (
        <Dialog
          open
          width="720px"
          onOpenChange={setOpen}
          title={title}
          description={`The body signed and sent with webhook-id ${delivery.message_id}.`}
          footer={<Button onClick={() => setOpen(false)}>Close</Button>}
        >
          <Block tabIndex={0} role="region" aria-label="Payload">
            {readablePayload(delivery.payload)}
          </Block>
          <div>
            <CopyButton value={delivery.payload} label="Copy payload" />
          </div>
        </Dialog>
      )}
    </>
  );
}
