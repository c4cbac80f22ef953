import styled from 'styled-components';
import { Button } from './Button';
import { CopyButton } from './CopyButton';
import { Dialog } from './Dialog';

const Secret = styled.code`
  display: block;
  padding: ${({ theme }) => theme.spacing.sm};
  background: ${({ theme }) => theme.colors.background};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.normal};
  overflow-wrap: anywhere;
  white-space: pre-wrap;
`;

const Warning = styled.p`
  margin: 0;
  font-weight: ${({ theme }) => theme.font.weight.bold};
`;

export interface ShownOnceSecret {
  title: string;
  description: string;
  /** Says the secret will not be shown again. */
  warning: string;
  secret: string;
  /** The secret's accessible name ("API key", "Signing secret"). */
  secretLabel: string;
  copyLabel: string;
  width: string;
}

/**
 * A secret the server shows only in its create answer (an API key, a webhook signing secret, recovery codes, one a
 * line); closing forgets it.
 */
export function ShownOnceSecretDialog({ shown, onClose }: { shown: ShownOnceSecret; onClose: () => void }) {
  return (
    <Dialog
      open
      width={shown.width}
      onOpenChange={(open) => !open && onClose()}
      title={shown.title}
      description={shown.description}
      footer={
        <Button variant="primary" onClick={onClose}>
          Done
        </Button>
      }
    >
      <Warning>{shown.warning}</Warning>
      <Secret aria-label={shown.secretLabel}>{shown.secret}</Secret>
      <div>
        <CopyButton value={shown.secret} label={shown.copyLabel} />
      </div>
    </Dialog>
  );
}
